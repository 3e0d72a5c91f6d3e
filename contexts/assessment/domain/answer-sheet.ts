import { AppError } from '@portal/kernel';
import { isNpsQuestion, learnerAssessmentEvents, NPS_QUESTION_IDS, type AnswerContext, type LearnerAssessmentEvent, type Recommendation } from '../contracts/events.js';
import { fieldError } from './errors.js';
import { roundSeconds, scoreOf, type QuestionFacts } from './question-facts.js';

/**
 * One learner's answer sheet (stream assessment.learner-<actor>): the current answer to each
 * question, and the recommendations those answers produce. Invariants kept here:
 * - one answer per question unless the question allows retry (then the newest one counts);
 * - the answer and the follow-up answer are options of the question revisions handed in, and the
 *   follow-up question named is the question's (checked here only, ADR 0087);
 * - AV2 only after AV1 (000 §4.8);
 * - isCorrect, score and points come from the question, never from the client;
 * - every answer records the learner's recommendation list again (000 §4.3: any answer invalidates it).
 */
export interface AnswerSheetState {
  answers: ReadonlyMap<string, { answerId: string; isCorrect: boolean; attempt: number }>;
  recommendations: readonly Recommendation[];
}
export const initialAnswerSheet = (): AnswerSheetState => ({ answers: new Map(), recommendations: [] });

export interface SubmitAnswerData {
  /** the new answer's id (uuid v7, made by the caller: ids arrive in commands) */
  rowId: string;
  actor: string;
  question: QuestionFacts;
  /** the revision of question.postAnswerQuestionId (null when it has none, or the catalogue has no such question) */
  followUp: QuestionFacts | null;
  /** the follow-up question the learner's answer names (null when it names none) */
  postQuestionId: string | null;
  answerId: string;
  postAnswerId: string | null;
  secondsToAnswer: number;
  context: AnswerContext;
  stationId: string | null;
  entryId: string | null;
  /** the content that teaches this question's topic, and the id a new recommendation would take */
  teaching: { recommendationId: string; entryIds: string[] };
  now: string;
}

export type AnswerSheetCommand =
  | { type: 'SubmitAnswer'; data: SubmitAnswerData }
  | { type: 'VisitRecommendation'; data: { actor: string; recommendationId: string; now: string } };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function submit(d: SubmitAnswerData, state: AnswerSheetState): LearnerAssessmentEvent[] {
  const q = d.question;
  const option = q.options.find((o) => o.id === d.answerId);
  if (!option) throw fieldError('answerId', `not an option of question ${q.questionId}`);
  // the follow-up the answer names must be the question's own
  if (d.postQuestionId !== null && d.postQuestionId !== (q.postAnswerQuestionId ?? null)) {
    throw fieldError('postQuestionId', q.postAnswerQuestionId ? `the follow-up question is ${q.postAnswerQuestionId}` : 'this question has no follow-up question');
  }
  const f = q.postAnswerQuestionId ? d.followUp : null;
  if (q.postAnswerQuestionId) {
    if (!f) throw fieldError('postQuestionId', `unknown follow-up question ${q.postAnswerQuestionId}`);
    if (f.questionId !== q.postAnswerQuestionId) throw fieldError('postQuestionId', `the follow-up question is ${q.postAnswerQuestionId}`);
  }
  const previous = state.answers.get(q.questionId);
  if (previous && !q.allowRetry) throw new AppError('answer-already-recorded');

  let post: { questionId: string; answerId: string; isCorrect: boolean; score: number; counts: boolean; revision: number } | null = null;
  if (f) {
    if (!d.postAnswerId) throw fieldError('postAnswerId', 'the follow-up question needs an answer');
    const postOption = f.options.find((o) => o.id === d.postAnswerId);
    if (!postOption) throw fieldError('postAnswerId', `not an option of question ${f.questionId}`);
    post = { questionId: f.questionId, answerId: postOption.id, isCorrect: postOption.isCorrect, score: scoreOf(f, postOption), counts: !f.ignoreScore, revision: f.revision };
  } else if (d.postAnswerId) {
    throw fieldError('postAnswerId', 'this question has no follow-up question');
  }

  const nps = isNpsQuestion(q.questionId);
  const step = nps ? ((NPS_QUESTION_IDS as readonly string[]).indexOf(q.questionId) + 1) as 1 | 2 : null;
  if (step === 2 && !state.answers.has(NPS_QUESTION_IDS[0])) throw new AppError('nps-out-of-order');

  const score = scoreOf(q, option);
  const counts = !q.ignoreScore;
  const points = (counts ? score : 0) + (post && post.counts ? post.score : 0);
  const events: LearnerAssessmentEvent[] = [
    {
      type: 'AnswerSubmitted',
      data: {
        rowId: d.rowId,
        actor: d.actor,
        questionId: q.questionId,
        answerId: option.id,
        isCorrect: option.isCorrect,
        score,
        countsForScore: counts,
        postQuestionId: post?.questionId ?? null,
        postAnswerId: post?.answerId ?? null,
        postIsCorrect: post?.isCorrect ?? null,
        postScore: post?.score ?? 0,
        postCountsForScore: post?.counts ?? false,
        points,
        secondsToAnswer: roundSeconds(d.secondsToAnswer),
        context: nps ? 'nps' : d.context,
        origin: 'web',
        questionRevision: q.revision,
        postQuestionRevision: post?.revision ?? null,
        stationId: nps ? null : d.stationId,
        entryId: nps ? null : d.entryId,
        attempt: (previous?.attempt ?? 0) + 1,
        answeredAt: d.now,
      },
    },
  ];
  if (step !== null) {
    events.push({ type: 'NpsAnswered', data: { actor: d.actor, questionId: q.questionId, answerId: option.id, step, rating: option.displayOrder, answeredAt: d.now } });
  }

  // ADR 0043: a wrong answer recommends the content that teaches its topic; a right one clears it
  const others = state.recommendations.filter((r) => r.questionId !== q.questionId);
  let mine: Recommendation | null = null;
  if (!option.isCorrect && !nps && d.teaching.entryIds.length > 0) {
    const kept = state.recommendations.find((r) => r.questionId === q.questionId && r.visitedAt === null && sameList(r.entryIds, d.teaching.entryIds));
    mine = kept ?? { recommendationId: d.teaching.recommendationId, questionId: q.questionId, stationId: d.stationId, entryIds: [...d.teaching.entryIds], createdAt: d.now, visitedAt: null };
  }
  events.push({ type: 'RecommendationsUpdated', data: { actor: d.actor, questionId: q.questionId, recommendations: mine ? [...others, mine] : others, updatedAt: d.now } });
  return events;
}

export function decideAnswerSheet(command: AnswerSheetCommand, state: AnswerSheetState): LearnerAssessmentEvent[] {
  switch (command.type) {
    case 'SubmitAnswer':
      return submit(command.data, state);
    case 'VisitRecommendation': {
      const rec = state.recommendations.find((r) => r.recommendationId === command.data.recommendationId);
      if (!rec) throw new AppError('404');
      if (rec.visitedAt !== null) return [];
      return [{ type: 'RecommendationVisited', data: { actor: command.data.actor, recommendationId: rec.recommendationId, visitedAt: command.data.now } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveAnswerSheet(state: AnswerSheetState, event: LearnerAssessmentEvent): AnswerSheetState {
  switch (event.type) {
    case 'AnswerSubmitted': {
      const answers = new Map(state.answers);
      answers.set(event.data.questionId, { answerId: event.data.answerId, isCorrect: event.data.isCorrect, attempt: event.data.attempt });
      return { ...state, answers };
    }
    case 'NpsAnswered':
      return state;
    case 'RecommendationsUpdated':
      return { ...state, recommendations: event.data.recommendations };
    case 'RecommendationVisited':
      return {
        ...state,
        recommendations: state.recommendations.map((r) => (r.recommendationId === event.data.recommendationId ? { ...r, visitedAt: event.data.visitedAt } : r)),
      };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

export const answerSheetDecider = { decide: decideAnswerSheet, evolve: evolveAnswerSheet, initial: initialAnswerSheet, events: learnerAssessmentEvents };
