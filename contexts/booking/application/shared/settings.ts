import { z } from 'zod';
import { DEFAULT_RANGE_DAYS } from '../../domain/index.js';

/** Injection token of the booking settings. */
export const BOOKING_SETTINGS = Symbol.for('portal.booking.Settings');

export interface BookingSettings {
  /** How long a pendent booking waits for its e-mailed confirmation (never past the visit's start). */
  pendingTtlMs: number;
  /** How often the expiry process looks for pendent bookings past their deadline (0: never on its own). */
  expirySweepMs: number;
  /** The range rule: a visitor's visits must be at least this many days apart. */
  rangeDays: number;
}

const envSchema = z.object({
  BOOKING_PENDING_TTL_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 30).default(24 * 60),
  BOOKING_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  BOOKING_RANGE_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_RANGE_DAYS),
});

/**
 * Read from the environment by the booking module until the settings move into the app config
 * (docs/adr/0010-booking-capacity-and-rules.md). A bad value stops the start with its name.
 */
export function bookingSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): BookingSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('BOOKING_') && v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new Error(`Invalid booking configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return {
    pendingTtlMs: parsed.data.BOOKING_PENDING_TTL_MINUTES * 60_000,
    expirySweepMs: parsed.data.BOOKING_EXPIRY_SWEEP_SECONDS * 1000,
    rangeDays: parsed.data.BOOKING_RANGE_DAYS,
  };
}
