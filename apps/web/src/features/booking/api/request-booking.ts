import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes, type BookingRequestBody, type BookingRequestedAnswer } from '@portal/booking/contracts';
import { callRoute } from '../../../shared/api/client';

/** POST /api/booking: the visit request (pendent until the visitor confirms by e-mail). */
export const requestBooking = (body: BookingRequestBody): Promise<BookingRequestedAnswer> => callRoute(bookingRoutes.request, { body });

export const requestBookingMutationOptions = () =>
  mutationOptions({
    mutationKey: ['booking', 'request'] as const,
    mutationFn: requestBooking,
  });

export const useRequestBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...requestBookingMutationOptions(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['booking', 'availability'] }),
  });
};
