/**
 * The events context's realtime message (apps/api realtime stream), in a file of its own: the SPA's
 * realtime connection, on every signed-in page, parses it without loading the HTTP contract.
 */
import { z } from 'zod';

/**
 * The realtime message `events.presence` (Server-Sent Events on /api/realtime/stream, ADR 0060):
 * a watched event's check-in counts, pushed to the staff screens that fetched its code lately.
 */
export const PRESENCE_MESSAGE_TYPE = 'events.presence';
export const presenceMessageSchema = z.object({ eventId: z.string(), checkedIn: z.number().int().min(0), checkedOut: z.number().int().min(0) });
export type PresenceMessage = z.infer<typeof presenceMessageSchema>;
