import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bookingRoutes, type Availability } from '@portal/booking/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { AVAILABILITY_QUERIES } from './keys';

/** GET /api/booking/availability: free seats per slot between two local dates of the location. */
export const fetchAvailability = (locationId: string, from: string, to: string, signal?: AbortSignal): Promise<Availability> =>
  callRoute(bookingRoutes.availability, { query: { locationId, from, to }, signal });

export const availabilityQueryOptions = (locationId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...AVAILABILITY_QUERIES, locationId, from, to] as const,
    queryFn: ({ signal }) => fetchAvailability(locationId, from, to, signal),
    // seats change as others confirm: short-lived
    staleTime: 15_000,
  });

export const useAvailability = (locationId: string, from: string, to: string) =>
  useQuery({ ...availabilityQueryOptions(locationId, from, to), placeholderData: keepPreviousData });
