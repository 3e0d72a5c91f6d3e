import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toAuditedEvent, type EventStore } from '@portal/eventstore';
import { AppError } from '@portal/kernel';
import { EVENT_STORE } from '@portal/platform';
import { scheduledEventStream, type EventAudit } from '../../contracts/index.js';
import { AuditEventQuery } from './audit-event.query.js';

/**
 * The auditor traces an event like learning's answers (ADR 0060): every stored event of its
 * stream (enrolments, the waiting list, presence, quiz answers) with who, when, from where and
 * its hash, and the chain recomputed. Read from the log itself: the data as stored.
 */
@QueryHandler(AuditEventQuery)
export class AuditEventHandler implements IQueryHandler<AuditEventQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ eventId }: AuditEventQuery): Promise<EventAudit> {
    const streamId = scheduledEventStream(eventId);
    const events = await this.store.readStream(streamId);
    if (events.length === 0) throw new AppError('404');
    const verify = await this.store.verifyStream(streamId);
    return {
      eventId,
      streamId,
      verified: verify.ok,
      brokenAt: verify.brokenAt?.toString() ?? null,
      reason: verify.reason ?? null,
      checked: verify.checked,
      events: events.map(toAuditedEvent),
    };
  }
}
