import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { bookingRoutes, type Location } from '@portal/booking/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { BOOKING_QUERIES } from './keys';

/** GET /api/locations?country: the active training centers of a country (001 §7). */
export const fetchLocations = (country: string, signal?: AbortSignal): Promise<Location[]> => callRoute(bookingRoutes.locations, { query: { country }, signal });

export const locationsQueryOptions = (country: string) =>
  queryOptions({
    queryKey: [...BOOKING_QUERIES, 'locations', country.toUpperCase()] as const,
    queryFn: ({ signal }) => fetchLocations(country, signal),
    staleTime: 5 * 60_000,
  });

export const useLocations = (country: string) => useSuspenseQuery(locationsQueryOptions(country));
