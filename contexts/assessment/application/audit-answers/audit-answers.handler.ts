import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toAuditedEvent, type EventStore } from '@portal/eventstore';
import { EVENT_STORE } from '@portal/platform';
import { learnerStream } from '../../contracts/index.js';
import { AuditAnswersQuery } from './audit-answers.query.js';

/**
 * Every AnswerSubmitted of the learner's answer sheet with its metadata (who, when, from where,
 * correlation) and stored hash, and the stream's hash chain recomputed (an altered or removed
 * event shows as broken at its revision). Read from the log itself, not a read model: the data is
 * shown as stored.
 */
@QueryHandler(AuditAnswersQuery)
export class AuditAnswersHandler implements IQueryHandler<AuditAnswersQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ userId }: AuditAnswersQuery) {
    const streamId = learnerStream(userId);
    const events = await this.store.readStream(streamId);
    const verify = await this.store.verifyStream(streamId);
    return {
      userId,
      streamId,
      verified: verify.ok,
      brokenAt: verify.brokenAt?.toString() ?? null,
      reason: verify.reason ?? null,
      checked: verify.checked,
      answers: events
        .filter((e) => e.type === 'AnswerSubmitted')
        .map((e) => {
          // the audited event's fields (secrets redacted there, ADR 0083) and the metadata as stored
          const { revision, eventId, recordedAt, hash, data } = toAuditedEvent(e);
          return { revision, eventId, type: 'AnswerSubmitted' as const, recordedAt, hash, data, metadata: { ...e.metadata } };
        }),
    };
  }
}
