import '../contracts/errors.js'; // registers the codes these deciders answer with in the kernel's catalogue
import { AppError, type FieldError, type Locale } from '@portal/kernel';
import { quizEvents, type AnsweredQuestion, type QuizDefinition, type QuizEvent, type QuizQuestion } from '../contracts/events.js';

/** A quiz (001 §3): title, description, questions; its own stream, events.quiz-<quizId>. */
export interface QuizState {
  status: 'none' | 'active' | 'deleted';
  quizId: string;
  definition: QuizDefinition | null;
}

export const initialQuizState = (): QuizState => ({ status: 'none', quizId: '', definition: null });

export type QuizCommand =
  | { type: 'CreateQuiz'; data: { quizId: string; definition: QuizDefinition; now: string; by: string } }
  | { type: 'UpdateQuiz'; data: { definition: QuizDefinition; now: string; by: string } }
  | { type: 'DeleteQuiz'; data: { now: string; by: string } };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decideQuiz(command: QuizCommand, state: QuizState): QuizEvent[] {
  switch (command.type) {
    case 'CreateQuiz':
      // the id is new for each creation: a stream that exists is this command's retry
      if (state.status !== 'none') return [];
      return [{ type: 'QuizCreated', data: { quizId: command.data.quizId, ...command.data.definition, createdAt: command.data.now, by: command.data.by } }];
    case 'UpdateQuiz':
      if (state.status !== 'active') throw new AppError('404');
      if (same(state.definition, command.data.definition)) return [];
      return [{ type: 'QuizUpdated', data: { quizId: state.quizId, ...command.data.definition, updatedAt: command.data.now, by: command.data.by } }];
    case 'DeleteQuiz':
      if (state.status === 'none') throw new AppError('404');
      if (state.status === 'deleted') return [];
      return [{ type: 'QuizDeleted', data: { quizId: state.quizId, deletedAt: command.data.now, by: command.data.by } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveQuiz(state: QuizState, event: QuizEvent): QuizState {
  switch (event.type) {
    case 'QuizCreated':
    case 'QuizUpdated': {
      const { title, description, questions, quizId } = event.data;
      return { status: 'active', quizId, definition: { title, description, questions } };
    }
    case 'QuizDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const quizDecider = { decide: decideQuiz, evolve: evolveQuiz, initial: initialQuizState, events: quizEvents };

/** An attendee's answer to one question as sent. */
export interface GivenAnswer {
  questionId: string;
  alternativeIds?: string[];
  text?: string;
}

export interface ScoredAnswers {
  answers: AnsweredQuestion[];
  score: number;
  maxScore: number;
  pendingOpen: number;
}

/**
 * The questions an attendee answers: those in the language they answer in; a quiz with none in
 * that language is answered whole (ADR 0060).
 */
export const questionsFor = (quiz: QuizDefinition, lang: Locale): QuizQuestion[] => {
  const inLang = quiz.questions.filter((q) => q.language === lang);
  return inLang.length > 0 ? inLang : quiz.questions;
};

/**
 * Scores answers on the server (ADR 0041's rule: the client never says what is right). Single
 * choice: the chosen alternative's score when it is correct. Multiple choice: the correct
 * alternatives' scores when exactly those are chosen, else 0. Open: no score until staff give one.
 * Every question of the language must be answered, each fitting its type; otherwise
 * quiz-invalid-answer with a detail per problem.
 */
export function scoreAnswers(quiz: QuizDefinition, lang: Locale, given: GivenAnswer[]): ScoredAnswers {
  const questions = questionsFor(quiz, lang);
  const problems: FieldError[] = [];
  const byId = new Map<string, { answer: GivenAnswer; index: number }>();
  given.forEach((answer, index) => {
    if (!questions.some((q) => q.questionId === answer.questionId) || byId.has(answer.questionId)) {
      problems.push({ path: `answers.${index}.questionId`, message: 'unknown', code: 'quiz-invalid-answer' });
    } else byId.set(answer.questionId, { answer, index });
  });
  const answers: AnsweredQuestion[] = [];
  for (const q of questions) {
    const found = byId.get(q.questionId);
    if (!found) {
      problems.push({ path: `answers.${q.questionId}`, message: 'required', code: 'quiz-invalid-answer' });
      continue;
    }
    const { answer, index } = found;
    const correctIds = q.alternatives.filter((a) => a.correct).map((a) => a.alternativeId);
    const correctScore = q.alternatives.filter((a) => a.correct).reduce((s, a) => s + a.score, 0);
    if (q.type === 'open') {
      const text = answer.text?.trim() ?? '';
      if (text.length === 0) problems.push({ path: `answers.${index}.text`, message: 'required', code: 'quiz-invalid-answer' });
      answers.push({ questionId: q.questionId, alternativeIds: [], text, correct: null, score: null, maxScore: q.score });
      continue;
    }
    const chosen = [...new Set(answer.alternativeIds ?? [])];
    const unknown = chosen.some((id) => !q.alternatives.some((a) => a.alternativeId === id));
    if (unknown || chosen.length === 0 || (q.type === 'single' && chosen.length !== 1)) {
      problems.push({ path: `answers.${index}.alternativeIds`, message: unknown ? 'unknown' : 'required', code: 'quiz-invalid-answer' });
      continue;
    }
    if (q.type === 'single') {
      const alternative = q.alternatives.find((a) => a.alternativeId === chosen[0])!;
      const max = Math.max(0, ...q.alternatives.filter((a) => a.correct).map((a) => a.score));
      answers.push({ questionId: q.questionId, alternativeIds: chosen, text: null, correct: alternative.correct, score: alternative.correct ? alternative.score : 0, maxScore: max });
    } else {
      const exact = chosen.length === correctIds.length && chosen.every((id) => correctIds.includes(id));
      answers.push({ questionId: q.questionId, alternativeIds: chosen, text: null, correct: exact, score: exact ? correctScore : 0, maxScore: correctScore });
    }
  }
  if (problems.length > 0) throw new AppError('quiz-invalid-answer', undefined, problems);
  return {
    answers,
    score: answers.reduce((s, a) => s + (a.score ?? 0), 0),
    maxScore: answers.reduce((s, a) => s + a.maxScore, 0),
    pendingOpen: answers.filter((a) => a.score === null).length,
  };
}
