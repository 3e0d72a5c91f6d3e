import { describe, expect, it } from 'vitest';
import type { QuizToTake } from '@portal/events/contracts/http';
import { answeredCount, choose, quizWindowState, toAnswerBody, unanswered, writeText, type Answers } from './quiz-answers';

const quiz: Pick<QuizToTake, 'questions'> = {
  questions: [
    { questionId: 'q1', type: 'single', description: 'One', alternatives: [{ alternativeId: 'a', description: 'A', prefix: 'A' }, { alternativeId: 'b', description: 'B', prefix: 'B' }] },
    { questionId: 'q2', type: 'multiple', description: 'Many', alternatives: [{ alternativeId: 'c', description: 'C', prefix: 'A' }, { alternativeId: 'd', description: 'D', prefix: 'B' }] },
    { questionId: 'q3', type: 'open', description: 'Why', alternatives: [] },
  ],
};
const [single, multiple] = quiz.questions as [QuizToTake['questions'][number], QuizToTake['questions'][number]];

describe('answering a quiz on a phone', () => {
  it('a single choice keeps the last one chosen, a multiple choice toggles', () => {
    let answers: Answers = {};
    answers = choose(answers, single, 'a');
    answers = choose(answers, single, 'b');
    expect(answers.q1?.alternativeIds).toEqual(['b']);
    answers = choose(answers, multiple, 'c');
    answers = choose(answers, multiple, 'd');
    answers = choose(answers, multiple, 'c');
    expect(answers.q2?.alternativeIds).toEqual(['d']);
  });

  it('sends only when every question is answered, open answers trimmed', () => {
    let answers: Answers = choose({}, single, 'a');
    expect(unanswered(quiz, answers)).toEqual(['q2', 'q3']);
    answers = writeText(choose(answers, multiple, 'c'), 'q3', '   ');
    expect(unanswered(quiz, answers)).toEqual(['q3']);
    answers = writeText(answers, 'q3', ' Because ');
    expect(answeredCount(quiz, answers)).toBe(3);
    expect(toAnswerBody(quiz, answers, 'es')).toEqual({
      lang: 'es',
      answers: [
        { questionId: 'q1', alternativeIds: ['a'] },
        { questionId: 'q2', alternativeIds: ['c'] },
        { questionId: 'q3', text: 'Because' },
      ],
    });
  });

  it('tells where the window stands ([opensAt, closesAt))', () => {
    const w = { opensAt: '2026-12-10T10:00:00.000Z', closesAt: '2026-12-10T11:00:00.000Z' };
    expect(quizWindowState({ opensAt: null, closesAt: null }, new Date())).toBe('not-scheduled');
    expect(quizWindowState(w, new Date('2026-12-10T09:59:59Z'))).toBe('upcoming');
    expect(quizWindowState(w, new Date('2026-12-10T10:00:00Z'))).toBe('open');
    expect(quizWindowState(w, new Date('2026-12-10T11:00:00Z'))).toBe('closed');
  });
});
