/**
 * The booking context's error codes (001 §8), registered in the kernel's catalogue when the
 * contracts load (ADR 0009 §6): the API answers `{ statusCode, code, message }` and the SPA looks
 * up `errors.{code}` in its locales.
 */
import { registerErrors, type CodesOf } from '@portal/kernel';

export const BOOKING_ERRORS = {
  'booking-already-exists': { status: 409, message: 'A booking already exists for this place and time' },
  'booking-unavailable': { status: 409, message: 'This time is no longer available' },
  'day-booking-already-exists': { status: 409, message: 'A booking already exists on this day' },
  'range-booking-already-exists': { status: 409, message: 'A booking already exists in this period' },
  'appointment-invalid': { status: 400, message: 'The appointment is invalid' },
  'booking-invalid': { status: 400, message: 'The booking is invalid' },
  'booking-canceled': { status: 409, message: 'The booking was canceled' },
  /** an e-mailed link that is malformed, forged, used or expired (the same answer for each) */
  'invalid-action': { status: 400, message: 'This link is invalid or has expired' },
} as const;
export type BookingErrorCode = keyof typeof BOOKING_ERRORS;

declare module '@portal/kernel' {
  interface ContextErrorCodes extends CodesOf<typeof BOOKING_ERRORS> {}
}

registerErrors(BOOKING_ERRORS);
