import { describe, expect, it } from 'vitest';
import type { QuestionsProgress } from '@portal/learning/contracts/http';
import { questionsLock } from '../components/questions-progress';
import { assessmentPaths } from './assessment-paths';
import { acceptedId, activeQuestionId, activeStationId } from './active-selection';
import { displayScore, percentOf, roundPercent, scoreColumns, scoreTextKey, secondsToAnswer } from './score-format';

describe('score text and numbers (000 §9)', () => {
  it('says "point" for exactly one and "points" otherwise, zero included', () => {
    expect(scoreTextKey(1)).toBe('score.pointsSingular');
    expect(scoreTextKey(0)).toBe('score.pointsPlural');
    expect(scoreTextKey(2)).toBe('score.pointsPlural');
    expect(scoreTextKey(30)).toBe('score.pointsPlural');
    expect(scoreTextKey(-1)).toBe('score.pointsSingular');
  });

  it('shows whole scores', () => {
    expect(displayScore(10.4)).toBe(10);
    expect(displayScore(Number.NaN)).toBe(0);
  });

  it('rounds the progress percent without decimals, within 0..100', () => {
    expect(roundPercent(66.666)).toBe(67);
    expect(roundPercent(33.4)).toBe(33);
    expect(roundPercent(100.2)).toBe(100);
    expect(roundPercent(-3)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('measures seconds to answer with 2 decimals', () => {
    expect(secondsToAnswer(1_000, 4_456.7)).toBe(3.46);
    expect(secondsToAnswer(0, 12_344)).toBe(12.34);
    expect(secondsToAnswer(0, 1_005)).toBe(1.01);
    expect(secondsToAnswer(5_000, 4_000)).toBe(0);
  });
});

describe('adaptive learning selection (000 §4.3)', () => {
  const items = [{ stationId: 'boas-vindas' }, { stationId: 'soja-plantio' }];
  const question = (questionId: string, answered: boolean) => ({ question: { questionId }, answer: answered ? { answerId: 'x' } : null });

  it('the active station is the first detail item unless another one of the list is asked for', () => {
    expect(activeStationId(items, null)).toBe('boas-vindas');
    expect(activeStationId(items, 'soja-plantio')).toBe('soja-plantio');
    expect(activeStationId(items, 'not-in-the-list')).toBe('boas-vindas');
    expect(activeStationId([], 'soja-plantio')).toBeNull();
  });

  it('the active question is the first unanswered one, otherwise the first', () => {
    expect(activeQuestionId([question('q1', true), question('q2', false), question('q3', false)], null)).toBe('q2');
    expect(activeQuestionId([question('q1', true), question('q2', true)], null)).toBe('q1');
    expect(activeQuestionId([question('q1', false), question('q2', false)], undefined)).toBe('q1');
    expect(activeQuestionId([], null)).toBeNull();
  });

  it('only accepts ids in the list', () => {
    const questions = [question('q1', false), question('q2', true)];
    expect(activeQuestionId(questions, 'q2')).toBe('q2');
    expect(activeQuestionId(questions, 'elsewhere')).toBe('q1');
    expect(acceptedId(['a', 'b'], 'b')).toBe('b');
    expect(acceptedId(['a', 'b'], 'c')).toBeUndefined();
    expect(acceptedId(['a', 'b'], null)).toBeUndefined();
  });
});

describe('station questions lock feedback (000 §4.3, §8)', () => {
  const progress = (extra: Partial<NonNullable<QuestionsProgress>> = {}): QuestionsProgress => ({
    total: 2,
    answered: 1,
    correct: 0,
    isComplete: false,
    requirementsMet: false,
    mandatoryAnswerAll: false,
    minCorrectAnswers: 0,
    ...extra,
  });

  it('has nothing to say when the requirements are met or there is no progress', () => {
    expect(questionsLock(progress({ requirementsMet: true }))).toBeNull();
    expect(questionsLock(null)).toBeNull();
  });

  it('asks for every answer when mandatoryAnswerAll is unmet', () => {
    expect(questionsLock(progress({ mandatoryAnswerAll: true }))).toEqual({ key: 'lockState.incompleteQuestionsMessage' });
  });

  it('names the minimum of correct answers when below minCorrectAnswers', () => {
    expect(questionsLock(progress({ answered: 2, isComplete: true, correct: 1, minCorrectAnswers: 2 }))).toEqual({ key: 'lockState.minCorrectAnswersMessage', minAnswers: 2 });
  });
});

describe('contract paths', () => {
  it('builds the assessment paths, the public survey and the certificate check', () => {
    expect(assessmentPaths.learningQuestions('soja-plantio', 'q1')).toBe('/learning/questions?stationId=soja-plantio&questionId=q1');
    expect(assessmentPaths.learningQuestions()).toBe('/learning/questions');
    expect(assessmentPaths.survey('BR', 'satisfacao')).toBe('/public/survey/br/satisfacao');
    expect(assessmentPaths.survey(null, 'x')).toBe('/public/survey');
    expect(assessmentPaths.verify('abc')).toBe('/certificates/verify/abc');
  });
});

describe('the scores table (issue 13)', () => {
  it('shows columns that add up to the total: "other answers" is what no other column counts, not the subtotal', () => {
    // the projection's figures for a learner (scores.int.spec.ts): others = total - questions
    const detail = { npsScore: 20, questionsScore: 25, videosScore: 90, videosAnswersScore: 10, othersScore: 127, total: 152 };
    const columns = scoreColumns(detail);
    expect(columns.otherAnswersScore).toBe(7);
    expect(columns.questionsScore + columns.videosScore + columns.videosAnswersScore + columns.npsScore + columns.otherAnswersScore).toBe(columns.total);
  });
});
