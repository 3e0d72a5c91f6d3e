import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes, type BookingRequestBody, type BookingRequestedAnswer } from '@portal/booking/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { AVAILABILITY_QUERIES, BOOKING_QUERIES } from './keys';

/** POST /api/booking: the visit request (pendent until the visitor confirms by e-mail). */
export const requestBooking = (body: BookingRequestBody): Promise<BookingRequestedAnswer> => callRoute(bookingRoutes.request, { body });

export const requestBookingMutationOptions = () =>
  mutationOptions({
    mutationKey: [...BOOKING_QUERIES, 'request'] as const,
    mutationFn: requestBooking,
  });

export const useRequestBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...requestBookingMutationOptions(),
    // a request may take the last free seat shown: every availability range refetches
    onSettled: () => queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERIES }),
  });
};
