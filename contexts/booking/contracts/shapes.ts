/**
 * A location's opening hours as stored (events.ts), whose types the SPA's location form also uses:
 * in a file of their own so that the SPA does not load the stored events' definitions (ADR 0013).
 */
import { z } from 'zod';

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export const isoWeekdaySchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)]);
export type IsoWeekday = z.infer<typeof isoWeekdaySchema>;

/** One opening interval on a weekday, local time of the location ("HH:mm", closes after opens). */
export const storedOpeningHoursSchema = z.object({ weekday: isoWeekdaySchema, opens: z.string(), closes: z.string() });
export type OpeningHours = z.infer<typeof storedOpeningHoursSchema>;
