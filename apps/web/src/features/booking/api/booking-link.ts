import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { bookingRoutes, type PublicBooking } from '@portal/booking/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { BOOKING_QUERIES } from './keys';

/** POST /api/booking/link: what an e-mailed link refers to (the token travels in the body). */
export const fetchBookingLink = (token: string): Promise<PublicBooking> => callRoute(bookingRoutes.link, { body: { token } });
export const confirmBooking = (token: string): Promise<PublicBooking> => callRoute(bookingRoutes.confirm, { body: { token } });
export const cancelBooking = (token: string): Promise<PublicBooking> => callRoute(bookingRoutes.cancel, { body: { token } });

export const bookingLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...BOOKING_QUERIES, 'link', token] as const,
    queryFn: () => fetchBookingLink(token),
    retry: false,
    staleTime: 0,
  });

export const useBookingLink = (token: string) => useQuery(bookingLinkQueryOptions(token));

export const confirmBookingMutationOptions = () => mutationOptions({ mutationKey: [...BOOKING_QUERIES, 'confirm'] as const, mutationFn: confirmBooking });
export const cancelBookingMutationOptions = () => mutationOptions({ mutationKey: [...BOOKING_QUERIES, 'cancel'] as const, mutationFn: cancelBooking });

export const useConfirmBooking = () => useMutation(confirmBookingMutationOptions());
export const useCancelBooking = () => useMutation(cancelBookingMutationOptions());
