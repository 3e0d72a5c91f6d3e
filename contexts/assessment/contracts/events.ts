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

/** Where an answer was given. 'survey' is reserved: public survey answers are SurveyAnswered events. */
export const ANSWER_CONTEXTS = ['station', 'media', 'nps', 'adaptive_learning', 'survey'] as const;
export type AnswerContext = (typeof ANSWER_CONTEXTS)[number];

/**
 * One answer of a learner to a catalogue question (and to its follow-up question, when it has
 * one). isCorrect and score are decided by the server from the question's revision; the client's
 * values are never read. A retry (allowRetry) records a new AnswerSubmitted that replaces the
 * previous one for that question (attempt + 1).
 */
export interface AnswerSubmitted {
  type: 'AnswerSubmitted';
  data: {
    /** this answer's id (000 §3 Answer rowId), uuid v7 */
    rowId: string;
    /** user id (guests do not answer catalogue questions) */
    actor: string;
    questionId: string;
    answerId: string;
    /** the chosen option's isCorrect */
    isCorrect: boolean;
    /** the chosen option's score when the question hasScore, else 0 */
    score: number;
    /** false when the question has ignoreScore: the answer is kept but adds nothing to the totals */
    countsForScore: boolean;
    /** follow-up question (the question's postAnswerQuestionId) and its answer; null when none */
    postQuestionId: string | null;
    postAnswerId: string | null;
    postIsCorrect: boolean | null;
    postScore: number;
    postCountsForScore: boolean;
    /** what this answer adds to the score totals: score (if counted) + postScore (if counted) */
    points: number;
    /** rounded to 2 decimals */
    secondsToAnswer: number;
    context: AnswerContext;
    origin: 'web';
    questionRevision: number;
    postQuestionRevision: number | null;
    /** the station whose questions config (or whose entry) asked it; null for NPS and unplaced adaptive questions */
    stationId: string | null;
    /** the entry whose questionsIds hold it (media questions); else null */
    entryId: string | null;
    /** 1 for the first answer to this question, then 2, 3... on retries */
    attempt: number;
    answeredAt: string;
  };
}

/** The satisfaction questionnaire (000 §4.8): AV1 (step 1) then AV2 (step 2), one answer at a time. */
export interface NpsAnswered {
  type: 'NpsAnswered';
  data: {
    actor: string;
    questionId: string;
    answerId: string;
    step: 1 | 2;
    /** the option's displayOrder: 0..10 for AV1 (recommend), 1..5 for AV2 (satisfaction) */
    rating: number;
    answeredAt: string;
  };
}

/** One answer to a public survey (/public/survey/:country/:detail), by a user or a guest. */
export interface SurveyAnswered {
  type: 'SurveyAnswered';
  data: {
    surveyId: string;
    country: string;
    surveyPath: string;
    surveyVersion: string;
    actor: string;
    questionId: string;
    answerId: string;
    secondsToAnswer: number;
    /** 000 §3 survey answer context (nps by default) */
    context: string;
    answeredAt: string;
  };
}

export interface Recommendation {
  recommendationId: string;
  /** the question answered wrongly */
  questionId: string;
  /** the station that asked it (null for unplaced questions) */
  stationId: string | null;
  /** the content that teaches the topic, in order (ADR 0043) */
  entryIds: string[];
  createdAt: string;
  visitedAt: string | null;
}

/** The learner's current recommendation list, recorded after every answer (000 §4.3: invalidated by any answer). */
export interface RecommendationsUpdated {
  type: 'RecommendationsUpdated';
  data: {
    actor: string;
    /** the answer that caused the update */
    questionId: string;
    recommendations: Recommendation[];
    updatedAt: string;
  };
}

/** POST /adaptive/setVisited/{id}. */
export interface RecommendationVisited {
  type: 'RecommendationVisited';
  data: { actor: string; recommendationId: string; visitedAt: string };
}

export type LearnerAssessmentEvent = AnswerSubmitted | NpsAnswered | RecommendationsUpdated | RecommendationVisited;
export type AssessmentEvent = LearnerAssessmentEvent | SurveyAnswered;

export const ASSESSMENT_EVENT_TYPES: AssessmentEvent['type'][] = ['AnswerSubmitted', 'NpsAnswered', 'SurveyAnswered', 'RecommendationsUpdated', 'RecommendationVisited'];

export const learnerStream = (actor: string) => `assessment.learner-${actor}`;
export const surveyStream = (surveyId: string, actor: string) => `assessment.survey-${surveyId}-${actor}`;

/** 000 §9: the NPS questions AV1 and AV2 (pack ids are lowercase: av1, av2; the API also accepts AV1/AV2). */
export const NPS_QUESTION_IDS = ['av1', 'av2'] as const;
export const isNpsQuestion = (questionId: string): boolean => (NPS_QUESTION_IDS as readonly string[]).includes(questionId);
/** 'AV1' -> 'av1'; any other id unchanged. */
export const normalizeQuestionId = (questionId: string): string => (/^AV[12]$/i.test(questionId) ? questionId.toLowerCase() : questionId);
