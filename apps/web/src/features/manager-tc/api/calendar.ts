import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bookingRoutes, type Calendar } from '@portal/booking/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { MANAGER_TC_QUERIES } from './keys';

/** GET /api/booking/staff/calendar: a month of one location, confirmed and pendent per slot. */
export const fetchCalendar = (locationId: string, month: string, signal?: AbortSignal): Promise<Calendar> =>
  callRoute(bookingRoutes.calendar, { query: { locationId, month }, signal });

export const calendarQueryOptions = (locationId: string, month: string) =>
  queryOptions({
    queryKey: [...MANAGER_TC_QUERIES, 'calendar', locationId, month] as const,
    queryFn: ({ signal }) => fetchCalendar(locationId, month, signal),
    staleTime: 15_000,
  });

export const useCalendar = (locationId: string, month: string) => useQuery({ ...calendarQueryOptions(locationId, month), placeholderData: keepPreviousData });
