import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Database } from '@portal/database';
import { toAuditedEvent, type EventStore, type LogAudit } from '@portal/eventstore';
import { AppError } from '@portal/kernel';
import { APP_CONFIG, DATABASE, EVENT_STORE, LOG_AUDIT, latestWholeLogVerification, verifySealedStream, type AppConfig } from '@portal/platform';
import { scheduledEventStream, type EventAudit } from '../../contracts/index.js';
import { AuditEventQuery } from './audit-event.query.js';

/**
 * The auditor traces an event like learning's answers (ADR 0060): every stored event of its
 * stream (enrolments, the waiting list, presence, quiz answers) with who, when, from where and
 * its hash, and the chain recomputed. Read from the log itself: the data as stored.
 */
@QueryHandler(AuditEventQuery)
export class AuditEventHandler implements IQueryHandler<AuditEventQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async execute({ eventId }: AuditEventQuery): Promise<EventAudit> {
    const streamId = scheduledEventStream(eventId);
    const events = await this.store.readStream(streamId);
    if (events.length === 0) throw new AppError('404');
    // the stream as `audit verify <stream>` checks it (ADR 0083), and the last whole-log verification
    const [verification, lastWholeLog] = await Promise.all([verifySealedStream(this.store, this.logAudit, this.config, streamId), latestWholeLogVerification(this.database)]);
    return {
      eventId,
      ...verification,
      lastWholeLog,
      events: events.map(toAuditedEvent),
    };
  }
}
