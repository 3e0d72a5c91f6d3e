import type { AnswerQuizBody, QuizToTake } from '@portal/events/contracts/http';
import type { Locale } from '@portal/kernel';

/**
 * Answering a quiz on a phone (ADR 0060: once, inside its window, after checking in; every
 * question of the attendee's language answered), pure: the answers held while answering, what is
 * still missing, and the body.
 */
export interface Answer {
  alternativeIds: string[];
  text: string;
}
export type Answers = Readonly<Record<string, Answer>>;

export const OPEN_ANSWER_MAX = 5000;

type Question = QuizToTake['questions'][number];

const answerOf = (answers: Answers, questionId: string): Answer => answers[questionId] ?? { alternativeIds: [], text: '' };

/** Chooses an alternative: a single-choice question keeps that one, a multiple-choice one toggles it. */
export function choose(answers: Answers, question: Question, alternativeId: string): Answers {
  const current = answerOf(answers, question.questionId);
  const alternativeIds =
    question.type === 'single'
      ? [alternativeId]
      : current.alternativeIds.includes(alternativeId)
        ? current.alternativeIds.filter((id) => id !== alternativeId)
        : [...current.alternativeIds, alternativeId];
  return { ...answers, [question.questionId]: { ...current, alternativeIds } };
}

export const writeText = (answers: Answers, questionId: string, text: string): Answers => ({
  ...answers,
  [questionId]: { ...answerOf(answers, questionId), text: text.slice(0, OPEN_ANSWER_MAX) },
});

export const isAnswered = (question: Question, answer: Answer | undefined): boolean =>
  question.type === 'open' ? (answer?.text.trim().length ?? 0) > 0 : (answer?.alternativeIds.length ?? 0) > 0;

/** The questions still without an answer, in the quiz's order. */
export const unanswered = (quiz: Pick<QuizToTake, 'questions'>, answers: Answers): string[] =>
  quiz.questions.filter((q) => !isAnswered(q, answers[q.questionId])).map((q) => q.questionId);

export const answeredCount = (quiz: Pick<QuizToTake, 'questions'>, answers: Answers): number => quiz.questions.length - unanswered(quiz, answers).length;

export const toAnswerBody = (quiz: Pick<QuizToTake, 'questions'>, answers: Answers, lang: Locale): AnswerQuizBody => ({
  lang,
  answers: quiz.questions.map((q) => {
    const a = answerOf(answers, q.questionId);
    return q.type === 'open' ? { questionId: q.questionId, text: a.text.trim() } : { questionId: q.questionId, alternativeIds: a.alternativeIds };
  }),
});

export type QuizWindowState = 'not-scheduled' | 'upcoming' | 'open' | 'closed';

/** Where the quiz's window stands now (`[opensAt, closesAt)`, ADR 0060). */
export const quizWindowState = (w: { opensAt: string | null; closesAt: string | null }, now: Date): QuizWindowState => {
  if (!w.opensAt || !w.closesAt) return 'not-scheduled';
  if (now < new Date(w.opensAt)) return 'upcoming';
  return now < new Date(w.closesAt) ? 'open' : 'closed';
};
