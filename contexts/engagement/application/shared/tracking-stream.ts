import type { Clock } from '@portal/kernel';
import type { AppendContext, AppendResult, EventStore } from '@portal/eventstore';
import { trackingEvents, trackingStream } from '../../contracts/index.js';

type TrackingType = (typeof trackingEvents.types)[number];

/** The field each tracking event stamps with the server's time. */
const STAMPED: Record<TrackingType, string> = { UserEventRecorded: 'recordedAt', InteractionTraced: 'tracedAt' };

/**
 * Records a client tracking request (000 §7) as its event: the event schema's fields taken from
 * the request (what the client left out is null, anything else it sent is not kept), the actor,
 * and the server's time. Tracking is high volume and order-free, with no rule to decide: it goes
 * to a per-actor daily stream with no revision check (ADR 0047), the one write of this context
 * that does not run a decider.
 */
export function recordTracking(store: EventStore, clock: Clock, type: TrackingType, actor: string, request: object, context: AppendContext): Promise<AppendResult> {
  const now = clock.now().toISOString();
  const sent = request as Record<string, unknown>;
  const fields = Object.keys(trackingEvents.schemas[type].shape).map((field) => [field, field === 'actor' ? actor : field === STAMPED[type] ? now : (sent[field] ?? null)]);
  const event = trackingEvents.parse({ type, data: Object.fromEntries(fields) });
  return store.append(trackingStream(actor, now.slice(0, 10)), [event], { expectedRevision: 'any', context });
}
