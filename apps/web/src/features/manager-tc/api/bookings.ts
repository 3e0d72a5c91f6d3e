import { keepPreviousData, mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes, type BookingList, type BookingRow, type StatusChangeBody } from '@portal/booking/contracts/http';
import { callRoute } from '../../../shared/api/client';
import type { BookingFilters } from '../model/booking-filters';
import { invalidateManagerTcData, MANAGER_TC_QUERIES } from './keys';

/** GET /api/booking/staff/bookings: the filtered list, newest visits first. */
export const fetchBookings = (filters: BookingFilters, limit: number, signal?: AbortSignal): Promise<BookingList> =>
  callRoute(bookingRoutes.bookings, { query: { ...filters, limit, offset: 0 }, signal });

export const bookingsQueryOptions = (filters: BookingFilters, limit: number) =>
  queryOptions({
    queryKey: [...MANAGER_TC_QUERIES, 'bookings', filters, limit] as const,
    queryFn: ({ signal }) => fetchBookings(filters, limit, signal),
    staleTime: 10_000,
  });

export const useBookings = (filters: BookingFilters, limit: number) => useQuery({ ...bookingsQueryOptions(filters, limit), placeholderData: keepPreviousData });

/** POST /api/booking/staff/bookings/:bookingId/status: confirm or cancel with a reason. */
export const changeStatus = ({ bookingId, body }: { bookingId: string; body: StatusChangeBody }): Promise<BookingRow> =>
  callRoute(bookingRoutes.changeStatus, { params: { bookingId }, body });

export const changeStatusMutationOptions = () => mutationOptions({ mutationKey: [...MANAGER_TC_QUERIES, 'changeStatus'] as const, mutationFn: changeStatus });

export const useChangeStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...changeStatusMutationOptions(),
    onSuccess: () => invalidateManagerTcData(queryClient),
  });
};
