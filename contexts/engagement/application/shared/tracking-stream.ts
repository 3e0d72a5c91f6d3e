import type { Clock } from '@portal/kernel';
import type { AppendContext, AppendResult, EventStore } from '@portal/eventstore';
import { trackingStream, type InteractionTraced, type UserEventRecorded } from '../../contracts/index.js';

/**
 * Client tracking (000 §7) is high volume and order-free, with no rule to decide: it goes to a
 * per-actor daily stream with no revision check (ADR 0047), the one write of this context that
 * does not run a decider.
 */
export function appendTracking(store: EventStore, clock: Clock, actor: string, event: UserEventRecorded | InteractionTraced, context: AppendContext): Promise<AppendResult> {
  return store.append(trackingStream(actor, clock.now().toISOString().slice(0, 10)), [event], { expectedRevision: 'any', context });
}
