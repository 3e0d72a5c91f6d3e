/**
 * Integration points of the learning context.
 *
 * Inbound (assessment -> learning): station locks need per-learner question facts (answered,
 * correct), read from assessment's stored `AnswerSubmitted`. A context's stored events, parsed
 * through the owner's contracts, are the integration contract (ADR 0085): no separate integration
 * events are published. Learning fixes here only the fields it reads of that event.
 */
import { z } from 'zod';

/** One answer as learning needs it: who, which question (and where it was asked), right or wrong. */
export const answerRecordedV1Schema = z.object({
  /** the assessment context's stored AnswerSubmitted (its public event: contexts/assessment/contracts) */
  type: z.literal('AnswerSubmitted'),
  /** user id or guest:<guestId> (the actor of learning's progress streams) */
  actor: z.string().min(1),
  questionId: z.string().min(1),
  /** the station whose questions config asked it; null for adaptive-learning or NPS answers */
  stationId: z.string().nullable(),
  /** the entry whose questionsIds hold it (media questions), else null */
  entryId: z.string().nullable(),
  isCorrect: z.boolean(),
  answeredAt: z.string(),
});
export type AnswerRecordedV1 = z.infer<typeof answerRecordedV1Schema>;

/** Stored event types the progress projection folds into its question_facts table (a retry is a later one: the newest wins). */
export const INBOUND_ANSWER_EVENT_TYPES = ['AnswerSubmitted'] as const;

/**
 * The inbound answers as a projection reads them: an answer learning cannot read is `null`
 * (skipped, never fatal: a projection must keep running whatever another context records).
 */
export const inboundAnswerEvents = {
  types: [...INBOUND_ANSWER_EVENT_TYPES],
  has: (type: string): boolean => INBOUND_ANSWER_EVENT_TYPES.some((t) => t === type),
  parseRecorded(recorded: { type: string; data: Record<string, unknown> }): { type: 'AnswerSubmitted'; answer: AnswerRecordedV1 | null } {
    const parsed = answerRecordedV1Schema.safeParse({ type: recorded.type, ...recorded.data });
    return { type: 'AnswerSubmitted', answer: parsed.success ? parsed.data : null };
  },
};
