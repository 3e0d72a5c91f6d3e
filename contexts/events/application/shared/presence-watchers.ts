import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimeHub } from '@portal/platform';
import { PRESENCE_MESSAGE_TYPE, type PresenceMessage } from '../../contracts/index.js';
import type { ScheduledEventState } from '../../domain/index.js';

/** How long a staff screen counts as watching after it last fetched a code (it fetches every 30 s). */
const WATCH_MS = 120_000;

/**
 * The staff screen's live count (ADR 0060): a screen that fetches the rotating code watches its
 * event for two minutes; every check-in or check-out pushes the new counts to the watching staff
 * over the realtime hub (Server-Sent Events) as the contract's `events.presence` message. Watchers are remembered per API instance; the code
 * answer carries the counts too, so a screen behind another instance is at most 30 s late.
 */
@Injectable()
export class PresenceWatchers {
  private readonly watchers = new Map<string, Map<string, number>>();

  constructor(@Inject(REALTIME) private readonly realtime: RealtimeHub) {}

  watch(eventId: string, userId: string, nowMs: number): void {
    const event = this.watchers.get(eventId) ?? new Map<string, number>();
    event.set(userId, nowMs + WATCH_MS);
    this.watchers.set(eventId, event);
  }

  /** Pushes the counts of the decision's state to the event's watching staff. */
  changed(state: ScheduledEventState, nowMs: number): void {
    const event = this.watchers.get(state.eventId);
    if (!event) return;
    const data: PresenceMessage = { eventId: state.eventId, ...presenceCounts(state) };
    for (const [userId, until] of event) {
      if (until < nowMs) event.delete(userId);
      else void this.realtime.publish(userId, { type: PRESENCE_MESSAGE_TYPE, data }).catch(() => undefined);
    }
    if (event.size === 0) this.watchers.delete(state.eventId);
  }
}

export const presenceCounts = (state: ScheduledEventState): { checkedIn: number; checkedOut: number } => {
  let checkedIn = 0;
  let checkedOut = 0;
  for (const a of state.attendees.values()) {
    if (a.status !== 'enrolled') continue;
    if (a.checkedInAt) checkedIn++;
    if (a.checkedOutAt) checkedOut++;
  }
  return { checkedIn, checkedOut };
};
