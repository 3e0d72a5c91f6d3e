import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Database } from '@portal/database';
import { toAuditedEvent, type EventStore, type LogAudit } from '@portal/eventstore';
import { APP_CONFIG, DATABASE, EVENT_STORE, LOG_AUDIT, latestWholeLogVerification, verifySealedStream, type AppConfig } from '@portal/platform';
import { learnerStream } from '../../contracts/index.js';
import { AuditAnswersQuery } from './audit-answers.query.js';

/**
 * Every AnswerSubmitted of the learner's answer sheet with its metadata (who, when, from where,
 * correlation) and stored hash, and the stream verified as `audit verify <stream>` does: its chain,
 * then its events against the checkpoints that sealed them (ADR 0083). Read from the log itself, not a read model: the data is
 * shown as stored.
 */
@QueryHandler(AuditAnswersQuery)
export class AuditAnswersHandler implements IQueryHandler<AuditAnswersQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async execute({ userId }: AuditAnswersQuery) {
    const streamId = learnerStream(userId);
    const events = await this.store.readStream(streamId);
    const [verification, lastWholeLog] = await Promise.all([verifySealedStream(this.store, this.logAudit, this.config, streamId), latestWholeLogVerification(this.database)]);
    return {
      userId,
      ...verification,
      lastWholeLog,
      answers: events.filter((e) => e.type === 'AnswerSubmitted').map(toAuditedEvent),
    };
  }
}
