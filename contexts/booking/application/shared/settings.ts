/**
 * Injection token of the booking settings. The values come from the app config
 * (BOOKING_PENDING_TTL_MINUTES, BOOKING_EXPIRY_SWEEP_SECONDS, BOOKING_RANGE_DAYS, whose default is
 * the domain's DEFAULT_RANGE_DAYS).
 */
export const BOOKING_SETTINGS = Symbol.for('portal.booking.Settings');

export interface BookingSettings {
  /** How long a pendent booking waits for its e-mailed confirmation (never past the visit's start). */
  pendingTtlMs: number;
  /** How often the expiry process looks for pendent bookings past their deadline (0: never on its own). */
  expirySweepMs: number;
  /** The range rule: a visitor's visits must be at least this many days apart. */
  rangeDays: number;
}
