import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { AnswerSubmitted, LearnerAssessmentEvent, SurveyAnswered } from '../contracts/events.js';
import { answerSheetDecider, type SubmitAnswerData } from './answer-sheet.js';
import type { QuestionFacts } from './question-facts.js';
import { surveyDecider } from './survey.js';

const sheet = deciderSpec(answerSheetDecider);
const surveys = deciderSpec(surveyDecider);
const now = '2026-11-21T12:00:00.000Z';
const later = '2026-11-21T12:05:00.000Z';

const question = (id: string, extra: Partial<QuestionFacts> = {}): QuestionFacts => ({
  questionId: id,
  revision: 2,
  hasScore: true,
  ignoreScore: false,
  allowRetry: false,
  postAnswerQuestionId: null,
  options: [
    { id: `${id}-a`, isCorrect: true, score: 10, displayOrder: 0 },
    { id: `${id}-b`, isCorrect: false, score: 0, displayOrder: 1 },
  ],
  ...extra,
});

const submit = (q: QuestionFacts, answerId: string, extra: Partial<SubmitAnswerData> = {}): { type: 'SubmitAnswer'; data: SubmitAnswerData } => ({
  type: 'SubmitAnswer',
  data: {
    rowId: 'row-1',
    actor: 'u1',
    question: q,
    followUp: null,
    postQuestionId: null,
    answerId,
    postAnswerId: null,
    secondsToAnswer: 3.14159,
    context: 'station',
    stationId: 'soja-plantio',
    entryId: null,
    teaching: { recommendationId: 'rec-1', entryIds: ['soja-plantio-video'] },
    now,
    ...extra,
  },
});

const answered = (q: QuestionFacts, answerId: string, extra: Partial<AnswerSubmitted['data']> = {}): AnswerSubmitted => {
  const option = q.options.find((o) => o.id === answerId)!;
  return {
    type: 'AnswerSubmitted',
    data: {
      rowId: 'row-1',
      actor: 'u1',
      questionId: q.questionId,
      answerId,
      isCorrect: option.isCorrect,
      score: option.score,
      countsForScore: true,
      postQuestionId: null,
      postAnswerId: null,
      postIsCorrect: null,
      postScore: 0,
      postCountsForScore: false,
      points: option.score,
      secondsToAnswer: 3.14,
      context: 'station',
      origin: 'web',
      questionRevision: 2,
      postQuestionRevision: null,
      stationId: 'soja-plantio',
      entryId: null,
      attempt: 1,
      answeredAt: now,
      ...extra,
    },
  };
};

describe('answer sheet: answers', () => {
  const q1 = question('q1');

  it('records a right answer with the score of the option, 2-decimal seconds, and an empty recommendation list', () => {
    sheet
      .given([])
      .when(submit(q1, 'q1-a'))
      .then([answered(q1, 'q1-a'), { type: 'RecommendationsUpdated', data: { actor: 'u1', questionId: 'q1', recommendations: [], updatedAt: now } }]);
  });

  it('refuses an answer id that is not an option of the question (400 with the field)', () => {
    sheet.given([]).when(submit(q1, 'q2-a')).thenThrows('app/bed-request');
  });

  it('refuses a second answer unless the question allows retry', () => {
    sheet.given([answered(q1, 'q1-b')]).when(submit(q1, 'q1-a')).thenThrows('answer-already-recorded');
    const retry = question('q1', { allowRetry: true });
    const events = answerSheetDecider.decide(submit(retry, 'q1-a', { rowId: 'row-2', now: later }), [answered(retry, 'q1-b')].reduce(answerSheetDecider.evolve, answerSheetDecider.initial()));
    expect(events[0]).toMatchObject({ type: 'AnswerSubmitted', data: { rowId: 'row-2', attempt: 2, isCorrect: true, points: 10 } });
  });

  it('scores 0 without hasScore, and keeps the score out of the totals with ignoreScore', () => {
    const noScore = question('q1', { hasScore: false });
    expect(answerSheetDecider.decide(submit(noScore, 'q1-a'), answerSheetDecider.initial())[0]).toMatchObject({ data: { score: 0, points: 0, isCorrect: true } });
    const ignored = question('q1', { ignoreScore: true });
    expect(answerSheetDecider.decide(submit(ignored, 'q1-a'), answerSheetDecider.initial())[0]).toMatchObject({ data: { score: 10, countsForScore: false, points: 0 } });
  });

  it('records the follow-up answer with its own score, and requires it when the question has one', () => {
    const main = question('q1', { postAnswerQuestionId: 'q9' });
    const follow = question('q9', { options: [{ id: 'q9-a', isCorrect: true, score: 5, displayOrder: 0 }, { id: 'q9-b', isCorrect: false, score: 1, displayOrder: 1 }] });
    const [first] = answerSheetDecider.decide(submit(main, 'q1-a', { followUp: follow, postAnswerId: 'q9-b' }), answerSheetDecider.initial());
    expect(first).toMatchObject({ data: { postQuestionId: 'q9', postAnswerId: 'q9-b', postIsCorrect: false, postScore: 1, postCountsForScore: true, points: 11, postQuestionRevision: 2 } });
    sheet.given([]).when(submit(main, 'q1-a', { followUp: follow })).thenThrows('app/bed-request');
    sheet.given([]).when(submit(main, 'q1-a', { followUp: follow, postAnswerId: 'q1-a' })).thenThrows('app/bed-request');
    sheet.given([]).when(submit(q1, 'q1-a', { postAnswerId: 'q9-a' })).thenThrows('app/bed-request');
  });

  it('judges the follow-up question the answer names, and a follow-up the catalogue lacks, here only (ADR 0087)', () => {
    const main = question('q1', { postAnswerQuestionId: 'q9' });
    const follow = question('q9');
    const field = (command: ReturnType<typeof submit>) => {
      try {
        answerSheetDecider.decide(command, answerSheetDecider.initial());
      } catch (error) {
        return (error as { details?: { path: string; message: string }[] }).details?.[0];
      }
      return null;
    };
    // the named follow-up is the question's: accepted
    expect(answerSheetDecider.decide(submit(main, 'q1-a', { followUp: follow, postQuestionId: 'q9', postAnswerId: 'q9-a' }), answerSheetDecider.initial())[0]).toMatchObject({ data: { postQuestionId: 'q9' } });
    expect(field(submit(main, 'q1-a', { followUp: follow, postQuestionId: 'q8', postAnswerId: 'q9-a' }))).toEqual({ path: 'postQuestionId', message: 'the follow-up question is q9' });
    expect(field(submit(q1, 'q1-a', { postQuestionId: 'q9' }))).toEqual({ path: 'postQuestionId', message: 'this question has no follow-up question' });
    expect(field(submit(main, 'q1-a', { followUp: null, postAnswerId: 'q9-a' }))).toEqual({ path: 'postQuestionId', message: 'unknown follow-up question q9' });
    // the answer's own option first
    expect(field(submit(main, 'q1-z', { followUp: follow, postQuestionId: 'q8' }))).toEqual({ path: 'answerId', message: 'not an option of question q1' });
  });
});

describe('answer sheet: NPS', () => {
  const av1 = question('av1', { options: Array.from({ length: 11 }, (_, i) => ({ id: `av1-${i}`, isCorrect: true, score: 10, displayOrder: i })) });
  const av2 = question('av2', { options: Array.from({ length: 5 }, (_, i) => ({ id: `av2-${i + 1}`, isCorrect: true, score: 10, displayOrder: i + 1 })) });

  it('answers AV1 then AV2, as NPS answers with their rating and no recommendation', () => {
    const first = answerSheetDecider.decide(submit(av1, 'av1-9', { context: 'station', stationId: 'x', entryId: 'y' }), answerSheetDecider.initial());
    expect(first.map((e) => e.type)).toEqual(['AnswerSubmitted', 'NpsAnswered', 'RecommendationsUpdated']);
    expect(first[0]).toMatchObject({ data: { context: 'nps', stationId: null, entryId: null, points: 10 } });
    expect(first[1]).toEqual({ type: 'NpsAnswered', data: { actor: 'u1', questionId: 'av1', answerId: 'av1-9', step: 1, rating: 9, answeredAt: now } });
    const state = first.reduce(answerSheetDecider.evolve, answerSheetDecider.initial());
    const second = answerSheetDecider.decide(submit(av2, 'av2-4'), state);
    expect(second[1]).toMatchObject({ type: 'NpsAnswered', data: { step: 2, rating: 4 } });
  });

  it('refuses AV2 before AV1 and a second AV1', () => {
    sheet.given([]).when(submit(av2, 'av2-1')).thenThrows('nps-out-of-order');
    sheet.given([answered(av1, 'av1-10', { context: 'nps', stationId: null })]).when(submit(av1, 'av1-3')).thenThrows('answer-already-recorded');
  });
});

describe('answer sheet: recommendations', () => {
  const q1 = question('q1', { allowRetry: true });
  const q2 = question('q2');
  const wrongQ1 = (): LearnerAssessmentEvent[] => answerSheetDecider.decide(submit(q1, 'q1-b'), answerSheetDecider.initial());

  it('a wrong answer recommends the content that teaches the topic', () => {
    expect(wrongQ1()[1]).toEqual({
      type: 'RecommendationsUpdated',
      data: { actor: 'u1', questionId: 'q1', recommendations: [{ recommendationId: 'rec-1', questionId: 'q1', stationId: 'soja-plantio', entryIds: ['soja-plantio-video'], createdAt: now, visitedAt: null }], updatedAt: now },
    });
  });

  it('other answers keep it; a right retry removes it; nothing to teach, nothing recommended', () => {
    const state = wrongQ1().reduce(answerSheetDecider.evolve, answerSheetDecider.initial());
    const afterQ2 = answerSheetDecider.decide(submit(q2, 'q2-b', { teaching: { recommendationId: 'rec-2', entryIds: [] }, now: later }), state);
    expect(afterQ2[1]).toMatchObject({ data: { recommendations: [{ recommendationId: 'rec-1' }] } });
    const retried = answerSheetDecider.decide(submit(q1, 'q1-a', { now: later }), state);
    expect(retried[1]).toMatchObject({ data: { questionId: 'q1', recommendations: [] } });
  });

  it('marks a recommendation visited once; an unknown id is 404', () => {
    const given = wrongQ1();
    sheet
      .given(given)
      .when({ type: 'VisitRecommendation', data: { actor: 'u1', recommendationId: 'rec-1', now: later } })
      .then([{ type: 'RecommendationVisited', data: { actor: 'u1', recommendationId: 'rec-1', visitedAt: later } }]);
    sheet
      .given([...given, { type: 'RecommendationVisited', data: { actor: 'u1', recommendationId: 'rec-1', visitedAt: later } }])
      .when({ type: 'VisitRecommendation', data: { actor: 'u1', recommendationId: 'rec-1', now: later } })
      .thenNothing();
    sheet.given(given).when({ type: 'VisitRecommendation', data: { actor: 'u1', recommendationId: 'nope', now } }).thenThrows('404');
  });

  it('a new wrong answer after a visit makes a new recommendation', () => {
    const given = [...wrongQ1(), { type: 'RecommendationVisited', data: { actor: 'u1', recommendationId: 'rec-1', visitedAt: later } } as LearnerAssessmentEvent];
    const state = given.reduce(answerSheetDecider.evolve, answerSheetDecider.initial());
    const again = answerSheetDecider.decide(submit(q1, 'q1-b', { teaching: { recommendationId: 'rec-3', entryIds: ['soja-plantio-video'] }, now: later }), state);
    expect(again[1]).toMatchObject({ data: { recommendations: [{ recommendationId: 'rec-3', visitedAt: null }] } });
  });
});

describe('public surveys', () => {
  const q = question('s1');
  const cmd = (answerId: string, extra: Partial<QuestionFacts> = {}) => ({
    type: 'AnswerSurvey' as const,
    data: { survey: { surveyId: 'br-satisfacao', country: 'BR', surveyPath: 'satisfacao', version: 'v1' }, actor: 'guest:g1', question: { ...q, ...extra }, answerId, secondsToAnswer: 1.005, context: 'nps', now },
  });
  const recorded: SurveyAnswered = {
    type: 'SurveyAnswered',
    data: { surveyId: 'br-satisfacao', country: 'BR', surveyPath: 'satisfacao', surveyVersion: 'v1', actor: 'guest:g1', questionId: 's1', answerId: 's1-a', secondsToAnswer: 1, context: 'nps', answeredAt: now },
  };
  it('records one answer per question from a guest', () => {
    surveys.given([]).when(cmd('s1-a')).then([{ ...recorded, data: { ...recorded.data, secondsToAnswer: Math.round(1.005 * 100) / 100 } }]);
    surveys.given([recorded]).when(cmd('s1-b')).thenThrows('answer-already-recorded');
    surveys.given([]).when(cmd('zz')).thenThrows('app/bed-request');
  });
});
