import { Controller, Get, Inject } from '@nestjs/common';
import type { EventStore } from '@portal/eventstore';
import { Authorized, EVENT_STORE, ZodParams } from '@portal/platform';
import type { z } from 'zod';
import { auditAnswersParamsSchema, learnerStream } from '../../contracts/index.js';

/**
 * The auditor's trace of a learner's answers: every AnswerSubmitted of the learner's answer
 * sheet with its metadata (who, when, from where, correlation) and stored hash, and the stream's
 * hash chain recomputed (an altered or removed event shows as broken at its revision).
 */
@Controller('audit/answers')
export class AnswersAuditController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get(':userId')
  @Authorized({ roles: ['auditor'] })
  async answers(@ZodParams(auditAnswersParamsSchema) p: z.infer<typeof auditAnswersParamsSchema>) {
    const streamId = learnerStream(p.userId);
    const events = await this.store.readStream(streamId);
    const verify = await this.store.verifyStream(streamId);
    return {
      userId: p.userId,
      streamId,
      verified: verify.ok,
      brokenAt: verify.brokenAt?.toString() ?? null,
      reason: verify.reason ?? null,
      checked: verify.checked,
      answers: events
        .filter((e) => e.type === 'AnswerSubmitted')
        .map((e) => ({
          revision: e.revision.toString(),
          eventId: e.metadata.eventId,
          type: 'AnswerSubmitted' as const,
          recordedAt: e.recordedAt.toISOString(),
          hash: e.hash,
          data: e.data,
          metadata: { ...e.metadata },
        })),
    };
  }
}
