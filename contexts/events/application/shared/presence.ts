import { Inject, Injectable } from '@nestjs/common';
import type { AppendContext, Checkpoint } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK } from '@portal/platform';
import type { ScanResult, ScanVia } from '../../contracts/index.js';
import type { ScanAction } from '../../domain/index.js';
import { ScheduledEventWriter } from './event-writer.js';
import { PresenceWatchers } from './presence-watchers.js';

/** One scan decided on the event's stream (the staff code on a phone, or a ticket at the door), then pushed to the staff screens. */
@Injectable()
export class Presence {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(PresenceWatchers) private readonly watchers: PresenceWatchers,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async scan(eventId: string, userId: string, action: ScanAction, at: string | null, via: ScanVia, context: AppendContext): Promise<{ result: ScanResult; checkpoint: Checkpoint | null }> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const outcome = await this.writer.execute(eventId, { type: 'Scan', data: { userId, action, at: at ?? nowIso, via, now: nowIso, by: context.actor } }, context);
    if (outcome.events.length > 0) this.watchers.changed(outcome.state, now.getTime());
    const attendee = outcome.state.attendees.get(userId);
    const when = (action === 'check-in' ? attendee?.checkedInAt : attendee?.checkedOutAt) ?? nowIso;
    return { result: { eventId, userId, action, at: when, changed: outcome.events.length > 0 }, checkpoint: outcome.result?.checkpoint ?? null };
  }
}
