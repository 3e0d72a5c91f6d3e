/**
 * The shape of an answer, shared by the stored event (`AnswerSubmitted`, events.ts) and the HTTP
 * contract (http.ts): in a file of its own so that the SPA, which imports the HTTP contract, does
 * not load the stored events' definitions (ADR 0013).
 */
import { z } from 'zod';

/** Where an answer was given. 'survey' is reserved: public survey answers are SurveyAnswered events. */
export const ANSWER_CONTEXTS = ['station', 'media', 'nps', 'adaptive_learning', 'survey'] as const;
export type AnswerContext = (typeof ANSWER_CONTEXTS)[number];

/**
 * One answer of a learner to a catalogue question (and to its follow-up question, when it has
 * one). isCorrect and score are decided by the server from the question's revision; the client's
 * values are never read. A retry (allowRetry) records a new AnswerSubmitted that replaces the
 * previous one for that question (attempt + 1). The one definition of its fields: the answers
 * read model, the HTTP Answer and the domain's events take their types from it.
 */
export const answerSubmittedSchema = z.object({
  /** this answer's id (000 §3 Answer rowId), uuid v7 */
  rowId: z.string(),
  /** user id (guests do not answer catalogue questions) */
  actor: z.string(),
  questionId: z.string(),
  answerId: z.string(),
  /** the chosen option's isCorrect */
  isCorrect: z.boolean(),
  /** the chosen option's score when the question hasScore, else 0 */
  score: z.number(),
  /** false when the question has ignoreScore: the answer is kept but adds nothing to the totals */
  countsForScore: z.boolean(),
  /** follow-up question (the question's postAnswerQuestionId) and its answer; null when none */
  postQuestionId: z.string().nullable(),
  postAnswerId: z.string().nullable(),
  postIsCorrect: z.boolean().nullable(),
  postScore: z.number(),
  postCountsForScore: z.boolean(),
  /** what this answer adds to the score totals: score (if counted) + postScore (if counted) */
  points: z.number(),
  /** rounded to 2 decimals */
  secondsToAnswer: z.number(),
  context: z.enum(ANSWER_CONTEXTS),
  origin: z.literal('web'),
  questionRevision: z.number().int(),
  postQuestionRevision: z.number().int().nullable(),
  /** the station whose questions config (or whose entry) asked it; null for NPS and unplaced adaptive questions */
  stationId: z.string().nullable(),
  /** the entry whose questionsIds hold it (media questions); else null */
  entryId: z.string().nullable(),
  /** 1 for the first answer to this question, then 2, 3... on retries */
  attempt: z.number().int(),
  answeredAt: z.string(),
});
