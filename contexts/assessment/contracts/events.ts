/**
 * Stored events of the assessment context. Type names are explicit strings (renaming code never
 * changes stored data); a changed shape gets a new schema version and an upcaster.
 *
 * Streams (architecture §2):
 * - assessment.learner-<actor>                 AnswerSubmitted, NpsAnswered, RecommendationsUpdated, RecommendationVisited
 *                                              (one learner's answer sheet: one hash chain an auditor verifies)
 * - assessment.survey-<surveyId>-<actor>       SurveyAnswered (public surveys: users and guests)
 *
 * actor: a user id, or `guest:<guestId>` (kernel actorOf). Answers, NPS and recommendations need a
 * signed-in user; public surveys take guests too (ADR 0042).
 */

import { z } from 'zod';
import { defineEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { answerSubmittedSchema } from './shapes.js';

export { ANSWER_CONTEXTS, answerSubmittedSchema, type AnswerContext } from './shapes.js';

/** The satisfaction questionnaire (000 §4.8): AV1 (step 1) then AV2 (step 2), one answer at a time. */
export const npsAnsweredSchema = z.object({
  actor: z.string(),
  questionId: z.string(),
  answerId: z.string(),
  step: z.union([z.literal(1), z.literal(2)]),
  /** the option's displayOrder: 0..10 for AV1 (recommend), 1..5 for AV2 (satisfaction) */
  rating: z.number(),
  answeredAt: z.string(),
});

/** One answer to a public survey (/public/survey/:country/:detail), by a user or a guest. */
export const surveyAnsweredSchema = z.object({
  surveyId: z.string(),
  country: z.string(),
  surveyPath: z.string(),
  surveyVersion: z.string(),
  actor: z.string(),
  questionId: z.string(),
  answerId: z.string(),
  secondsToAnswer: z.number(),
  /** 000 §3 survey answer context (nps by default) */
  context: z.string(),
  answeredAt: z.string(),
});

/** One recommendation as the learner's answer sheet records it (the HTTP view is http.ts recommendationSchema). */
export const storedRecommendationSchema = z.object({
  recommendationId: z.string(),
  /** the question answered wrongly */
  questionId: z.string(),
  /** the station that asked it (null for unplaced questions) */
  stationId: z.string().nullable(),
  /** the content that teaches the topic, in order (ADR 0043) */
  entryIds: z.array(z.string()),
  createdAt: z.string(),
  visitedAt: z.string().nullable(),
});
export type Recommendation = z.infer<typeof storedRecommendationSchema>;

/** The learner's current recommendation list, recorded after every answer (000 §4.3: invalidated by any answer). */
export const recommendationsUpdatedSchema = z.object({
  actor: z.string(),
  /** the answer that caused the update */
  questionId: z.string(),
  recommendations: z.array(storedRecommendationSchema),
  updatedAt: z.string(),
});

/** POST /adaptive/setVisited/{id}. */
export const recommendationVisitedSchema = z.object({ actor: z.string(), recommendationId: z.string(), visitedAt: z.string() });

/** The assessment context's stored events (schema version 1 each; no upcasters yet). */
export const assessmentEvents = defineEvents({
  AnswerSubmitted: answerSubmittedSchema,
  NpsAnswered: npsAnsweredSchema,
  SurveyAnswered: surveyAnsweredSchema,
  RecommendationsUpdated: recommendationsUpdatedSchema,
  RecommendationVisited: recommendationVisitedSchema,
});

export type AssessmentEvent = EventOf<typeof assessmentEvents.schemas>;
type EventNamed<T extends AssessmentEvent['type']> = Extract<AssessmentEvent, { type: T }>;
export type AnswerSubmitted = EventNamed<'AnswerSubmitted'>;
export type NpsAnswered = EventNamed<'NpsAnswered'>;
export type SurveyAnswered = EventNamed<'SurveyAnswered'>;
export type RecommendationsUpdated = EventNamed<'RecommendationsUpdated'>;
export type RecommendationVisited = EventNamed<'RecommendationVisited'>;

export type LearnerAssessmentEvent = AnswerSubmitted | NpsAnswered | RecommendationsUpdated | RecommendationVisited;
/** The learner's answer sheet stream (`learnerStream`) and a survey's answer stream (`surveyStream`): their deciders' `events`. */
export const learnerAssessmentEvents = assessmentEvents.pick('AnswerSubmitted', 'NpsAnswered', 'RecommendationsUpdated', 'RecommendationVisited');
export const surveyEvents = assessmentEvents.pick('SurveyAnswered');

export const ASSESSMENT_EVENT_TYPES: AssessmentEvent['type'][] = assessmentEvents.types;

export const learnerStream = (actor: string) => `assessment.learner-${actor}`;
export const surveyStream = (surveyId: string, actor: string) => `assessment.survey-${surveyId}-${actor}`;

/** 000 §9: the NPS questions AV1 and AV2 (pack ids are lowercase: av1, av2; the API also accepts AV1/AV2). */
export const NPS_QUESTION_IDS = ['av1', 'av2'] as const;
export const isNpsQuestion = (questionId: string): boolean => (NPS_QUESTION_IDS as readonly string[]).includes(questionId);
/** 'AV1' -> 'av1'; any other id unchanged. */
export const normalizeQuestionId = (questionId: string): string => (/^AV[12]$/i.test(questionId) ? questionId.toLowerCase() : questionId);
