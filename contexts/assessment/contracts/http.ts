/**
 * HTTP contracts of the assessment context (paths under /api), shared by the API and the SPA.
 * Texts come as { 'pt-BR', es, en } objects (the SPA picks the current language).
 */
import { z } from 'zod';
import { contentStatusSchema, entryTypeSchema, localizedTextSchema, partialLocalizedSchema, questionsProgressSchema } from '@portal/learning/contracts/http';
import { auditedEventSchema, streamVerificationSchema, wholeLogVerificationSchema } from '@portal/eventstore/event-schemas';
import { answerSubmittedSchema } from './shapes.js';

const id = z.string().trim().min(1).max(64);
const isoTime = z.string();

// ---------------------------------------------------------------- answers

/**
 * POST /user-store/answer (000 §3 answer event payload, §5). `isCorrect` and `score` sent by a
 * client are accepted and ignored (dropped by the schema): the server decides both from the
 * question's revision. `stationId`/`entryId` say where the overlay was opened (optional; the
 * server finds the question's place in the catalogue when they are absent).
 */
export const answerRequestSchema = z.object({
  questionId: id,
  answerId: id,
  /** seconds the learner took; stored rounded to 2 decimals */
  secondsToAnswer: z.number().nonnegative().max(86_400).default(0),
  postQuestionId: id.nullish(),
  postAnswerId: id.nullish(),
  /** 'nps' for AV1/AV2 (forced by the server for those), 'adaptive_learning' from /learning/questions */
  context: z.enum(['station', 'media', 'nps', 'adaptive_learning']).optional(),
  stationId: id.nullish(),
  entryId: id.nullish(),
  origin: z.literal('web').optional(),
});
export type AnswerRequest = z.infer<typeof answerRequestSchema>;

/**
 * 000 §3 Answer (plus where it was asked, the attempt and the points it adds to the totals): the
 * fields of the stored AnswerSubmitted that a client sees (rowId is the answer's id; a retry makes
 * a new one; points is 0 with ignoreScore).
 */
export const answerSchema = answerSubmittedSchema.pick({
  rowId: true,
  questionId: true,
  answerId: true,
  isCorrect: true,
  score: true,
  secondsToAnswer: true,
  postQuestionId: true,
  postAnswerId: true,
  answeredAt: true,
  questionRevision: true,
  origin: true,
  context: true,
  stationId: true,
  entryId: true,
  attempt: true,
  points: true,
});
export type Answer = z.infer<typeof answerSchema>;
const ANSWER_FIELDS = Object.keys(answerSchema.shape) as (keyof Answer)[];
/** The client's Answer of a stored answer (an AnswerSubmitted's data, or the answers read model's row). */
export const answerOf = (stored: Answer): Answer => Object.fromEntries(ANSWER_FIELDS.map((k) => [k, stored[k]])) as Answer;

/** The answer call's result: what the overlay's toast shows (000 §4.4) and the new questions progress. */
export const answerResultSchema = z.object({
  answer: answerSchema,
  /** 'correct' -> "Congratulations" toast, 'incorrect' -> "Ooops" (1200 ms) */
  result: z.enum(['correct', 'incorrect']),
  /** points for the toast (score + follow-up score; 0 when the question ignores its score) */
  points: z.number(),
  /** the question allows another answer (retry) */
  canRetry: z.boolean(),
  /** the correct option ids; null with hideResult, and after a wrong answer to a question that allows retry */
  correctAnswerIds: z.array(z.string()).nullable(),
  /** the station's questions progress after this answer (null when not a station question, inactive or empty) */
  questionsProgress: questionsProgressSchema,
  /** the next NPS question after AV1 (av2), null otherwise */
  nextNpsQuestionId: z.string().nullable(),
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

export const allAnswersResponseSchema = z.object({ answers: z.array(answerSchema) });

// ---------------------------------------------------------------- questions for the overlay

export const optionViewSchema = z.object({ id: z.string(), label: localizedTextSchema, prefix: z.string(), displayOrder: z.number().int() });
/** 000 §3 Question without the answer key (isCorrect and option scores stay on the server). */
export const questionViewSchema = z.object({
  questionId: z.string(),
  questionRevision: z.number().int(),
  label: localizedTextSchema,
  enunciations: z.array(localizedTextSchema),
  hasScore: z.boolean(),
  showOptionPrefix: z.boolean(),
  hideResult: z.boolean(),
  ignoreScore: z.boolean(),
  allowRetry: z.boolean(),
  postAnswerQuestionId: z.string().nullable(),
  /** options sorted by displayOrder */
  options: z.array(optionViewSchema),
});
export type QuestionView = z.infer<typeof questionViewSchema>;

export const questionStateSchema = z.object({
  question: questionViewSchema,
  /** the follow-up question (postAnswerQuestionId), shown once an answer is chosen (000 §4.4) */
  followUp: questionViewSchema.nullable(),
  answer: answerSchema.nullable(),
  /** not answered yet, or answered and the question allows retry */
  canAnswer: z.boolean(),
  /** after an answer; null with hideResult, and after a wrong answer to a question that allows retry */
  correctAnswerIds: z.array(z.string()).nullable(),
  postCorrectAnswerIds: z.array(z.string()).nullable(),
});
export type QuestionState = z.infer<typeof questionStateSchema>;

/** The questions of one station (its questions config) or one entry (its questionsIds). */
export const questionSetSchema = z.object({
  scope: z.enum(['station', 'entry']),
  stationId: z.string(),
  entryId: z.string().nullable(),
  questions: z.array(questionStateSchema),
  /** 000 §4.3 questions progress; null when the config is inactive or has no questions (always null for an entry) */
  progress: questionsProgressSchema,
  /** "Next unanswered": the first unanswered, or the first when all or none are answered */
  nextQuestionId: z.string().nullable(),
});
export type QuestionSet = z.infer<typeof questionSetSchema>;
export const stationQuestionsParamsSchema = z.object({ stationId: id });
export const entryQuestionsParamsSchema = z.object({ entryId: id });

/** The NPS panel (000 §4.8): AV1 then AV2. */
export const npsStateSchema = z.object({
  questions: z.array(questionStateSchema),
  /** av1 until answered, then av2, then null */
  nextQuestionId: z.string().nullable(),
  completed: z.boolean(),
});

// ---------------------------------------------------------------- public surveys

export const surveyParamsSchema = z.object({
  country: z.string().regex(/^[A-Za-z]{2}$/, 'two-letter country code').transform((c) => c.toUpperCase()),
  surveyPath: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'invalid survey path'),
});
export const surveyCountryParamsSchema = surveyParamsSchema.pick({ country: true });
/** 000 §3 survey answer: questionId, answerId, secondsToAnswer, context (nps). */
export const surveyAnswerRequestSchema = z.object({
  questionId: id,
  answerId: id,
  secondsToAnswer: z.number().nonnegative().max(86_400).default(0),
  context: z.string().trim().min(1).max(32).default('nps'),
});
export const surveyViewSchema = z.object({
  surveyId: z.string(),
  country: z.string(),
  surveyPath: z.string(),
  title: localizedTextSchema,
  description: partialLocalizedSchema,
  questions: z.array(questionViewSchema),
  /** the caller's answers (user or guest) */
  answers: z.array(z.object({ questionId: z.string(), answerId: z.string(), answeredAt: isoTime })),
  nextQuestionId: z.string().nullable(),
  completed: z.boolean(),
});
export const surveyListSchema = z.array(surveyViewSchema.pick({ surveyId: true, country: true, surveyPath: true, title: true, description: true }));
export const surveyAnswerResponseSchema = z.object({
  surveyId: z.string(),
  questionId: z.string(),
  answerId: z.string(),
  answeredAt: isoTime,
  nextQuestionId: z.string().nullable(),
  completed: z.boolean(),
});

// ---------------------------------------------------------------- adaptive learning and recommendations

/** ?stationId&questionId: only ids in the lists are taken; others fall back to the rule (000 §4.3). */
export const learningQuerySchema = z.object({ stationId: id.optional(), questionId: id.optional() });
export const learningItemSchema = z.object({
  stationId: z.string(),
  title: localizedTextSchema,
  /** where the station lives in the SPA */
  to: z.string(),
  total: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
});
/** /learning and /learning/questions. */
export const learningStateSchema = z.object({
  title: localizedTextSchema,
  description: partialLocalizedSchema,
  items: z.array(learningItemSchema),
  /** the requested item when in the list, else the first detail item; null when there is none */
  activeStationId: z.string().nullable(),
  questions: z.array(questionStateSchema),
  /** the requested question when in the list, else the first unanswered, else the first */
  activeQuestionId: z.string().nullable(),
  progress: questionsProgressSchema,
  /** recommendations not visited yet (the link to /learning/questions/recommendations) */
  pendingRecommendations: z.number().int(),
});
export type LearningState = z.infer<typeof learningStateSchema>;

/** 000 §3 media recommendation item (plus entry, station, type and thumbnail). */
export const mediaRecommendationSchema = z.object({
  uid: z.string(),
  /** the entry id: the row id the notifications sidebar marks seen */
  rowId: z.string(),
  entryId: z.string(),
  stationId: z.string(),
  type: entryTypeSchema,
  contentTitle: localizedTextSchema,
  stationTitle: localizedTextSchema,
  cropTitle: localizedTextSchema.nullable(),
  searchKeywords: partialLocalizedSchema.nullable(),
  tags: z.array(z.string()),
  thumbSrc: z.string().nullable(),
  /** 0..100 */
  progress: z.number().int(),
  showInNotification: z.boolean(),
  /** initial, started or completed (locks are the learning context's: see the station page) */
  contentStatus: contentStatusSchema,
  mediaUpdatedAt: isoTime.nullable(),
  /** content link: pageTo?video=<entryId>&group=<groupKey>&start=true */
  to: z.string(),
});
export type MediaRecommendation = z.infer<typeof mediaRecommendationSchema>;
/** 000 §3 Recommendation: recommendationId and videosState (the content to watch). */
export const recommendationSchema = z.object({
  recommendationId: z.string(),
  questionId: z.string(),
  questionLabel: localizedTextSchema.nullable(),
  stationId: z.string().nullable(),
  status: z.enum(['initial', 'visited']),
  createdAt: isoTime,
  visitedAt: isoTime.nullable(),
  videosState: z.array(mediaRecommendationSchema),
});
export type RecommendationView = z.infer<typeof recommendationSchema>;
export const recommendationsResponseSchema = z.object({
  recommendations: z.array(recommendationSchema),
  /** media recommendations with showInNotification, contentStatus initial and not marked seen */
  unseen: z.number().int(),
});
export const setVisitedParamsSchema = z.object({ id: z.string().uuid() });
export const setVisitedResponseSchema = z.object({ recommendationId: z.string(), visitedAt: isoTime });

/**
 * Server-Sent Events on /api/realtime/stream (apps/api): after every answer the learner's open
 * tabs receive `event: recommendations` (refetch GET /adaptive/recommendations with
 * `x-min-position: data.position`) and `event: unseen` with the new count.
 */
export const recommendationsMessageSchema = z.object({
  position: z.string(),
  recommendations: z.array(z.object({ recommendationId: z.string(), questionId: z.string(), entryIds: z.array(z.string()), status: z.enum(['initial', 'visited']) })),
});
export const unseenMessageSchema = z.object({ count: z.number().int() });

// ---------------------------------------------------------------- audit

export const auditAnswersParamsSchema = z.object({ userId: z.string().uuid() });
/** The answer sheet's stream as `audit verify <stream>` checks it (its chain, then its events against the checkpoints that sealed them; ADR 0083). */
export const auditAnswersResponseSchema = streamVerificationSchema.extend({
  userId: z.string(),
  /** when the whole log was last verified and with what result */
  lastWholeLog: wholeLogVerificationSchema,
  /** the answer sheet's AnswerSubmitted events, as every audit shows an event (ADR 0089) */
  answers: z.array(auditedEventSchema),
});

export const assessmentRoutes = {
  submitAnswer: { method: 'POST', path: '/user-store/answer', idempotent: true, body: answerRequestSchema, response: answerResultSchema, summary: 'Answer a question (server decides isCorrect and score; 000 §3, §4.4, §5)' },
  allAnswers: { method: 'GET', path: '/user-store/all-answers', response: allAnswersResponseSchema, summary: "The caller's current answer to every question answered" },
  stationQuestions: { method: 'GET', path: '/questions/station/:stationId', params: stationQuestionsParamsSchema, response: questionSetSchema, summary: "A station's questions with the caller's answers and the questions progress (000 §4.3)" },
  entryQuestions: { method: 'GET', path: '/questions/entry/:entryId', params: entryQuestionsParamsSchema, response: questionSetSchema, summary: "A content entry's questions with the caller's answers" },
  nps: { method: 'GET', path: '/questions/nps', response: npsStateSchema, summary: 'The NPS panel: AV1 then AV2 (000 §4.8)' },
  surveys: { method: 'GET', path: '/survey/:country', params: surveyCountryParamsSchema, response: surveyListSchema, summary: "A country's public surveys (guests: x-guest-id)" },
  survey: { method: 'GET', path: '/survey/:country/:surveyPath', params: surveyParamsSchema, response: surveyViewSchema, summary: "A public survey with the caller's answers (guests: x-guest-id)" },
  answerSurvey: { method: 'POST', path: '/survey/:country/:surveyPath', idempotent: true, params: surveyParamsSchema, body: surveyAnswerRequestSchema, response: surveyAnswerResponseSchema, summary: 'Answer one question of a public survey (guests: x-guest-id)' },
  learning: { method: 'GET', path: '/adaptive/learning', query: learningQuerySchema, response: learningStateSchema, summary: 'Adaptive learning: /learning and /learning/questions (000 §4.3)' },
  recommendations: { method: 'GET', path: '/adaptive/recommendations', response: recommendationsResponseSchema, summary: "The caller's recommendations (/learning/questions/recommendations)" },
  setVisited: { method: 'POST', path: '/adaptive/setVisited/:id', idempotent: true, params: setVisitedParamsSchema, response: setVisitedResponseSchema, summary: 'Mark a recommendation visited' },
  auditAnswers: { method: 'GET', path: '/audit/answers/:userId', params: auditAnswersParamsSchema, response: auditAnswersResponseSchema, summary: "Every AnswerSubmitted of a user with its metadata, and the stream's hash chain checked (auditor)" },
} as const;
