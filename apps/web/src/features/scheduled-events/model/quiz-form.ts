import { QUESTION_TYPES, quizInputSchema, type Quiz, type QuizBody } from '@portal/events/contracts/http';
import type { Locale } from '@portal/kernel';
import type { FieldRule } from '../../../shared/forms/field-rules';

/**
 * The quiz editor (001 §3 "Quiz": title, description, questions; each question has a type, a
 * language, and is open or has alternatives with description, prefix, correct flag and score),
 * pure: its values, the checks of the contract (quizInputSchema) as 001 §5 messages and the
 * quiz's own rules, and the body. Kept ids keep their answers' meaning on edits (ADR 0060).
 */
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface AlternativeValues {
  alternativeId?: string;
  description: string;
  prefix: string;
  correct: boolean;
  score: number | '';
}
export interface QuestionValues {
  questionId?: string;
  type: QuestionType;
  language: Locale;
  description: string;
  /** open questions: what staff may give when scoring */
  score: number | '';
  alternatives: AlternativeValues[];
}
export interface QuizFormValues {
  title: string;
  description: string;
  questions: QuestionValues[];
}

export const QUIZ_LIMITS = { title: 160, description: 2000, question: 2000, alternative: 1000, prefix: 10, score: 1000, questions: 100, alternatives: 20 } as const;

/** The quiz rules beside 001 §5's: a question needs alternatives, a correct one, exactly one when single. */
export type QuizIssue = FieldRule | { rule: 'questionsRequired' } | { rule: 'alternativesRequired' } | { rule: 'correctRequired' } | { rule: 'oneCorrect' };
/** Issues by the form's paths: "title", "questions.0.description", "questions.1.alternatives", "questions.1.alternatives.0.score". */
export type QuizIssues = Record<string, QuizIssue>;

const PREFIXES = 'ABCDEFGHIJKLMNOPQRST';
export const prefixFor = (index: number): string => PREFIXES[index] ?? String(index + 1);

export const newAlternative = (index: number): AlternativeValues => ({ description: '', prefix: prefixFor(index), correct: false, score: 0 });

export const newQuestion = (language: Locale, type: QuestionType = 'single'): QuestionValues => ({
  type,
  language,
  description: '',
  score: type === 'open' ? 10 : 0,
  alternatives: type === 'open' ? [] : [newAlternative(0), newAlternative(1)],
});

export const emptyQuizForm = (language: Locale): QuizFormValues => ({ title: '', description: '', questions: [newQuestion(language)] });

export const quizFormValues = (q: Quiz): QuizFormValues => ({
  title: q.title,
  description: q.description,
  questions: q.questions.map((question) => ({
    questionId: question.questionId,
    type: question.type,
    language: question.language,
    description: question.description,
    score: question.score,
    alternatives: question.alternatives.map((a) => ({ alternativeId: a.alternativeId, description: a.description, prefix: a.prefix, correct: a.correct, score: a.score })),
  })),
});

/** A question of another type: open has no alternatives; single keeps at most one correct; alternatives come back with two empty ones. */
export function withType(question: QuestionValues, type: QuestionType): QuestionValues {
  if (type === 'open') return { ...question, type, alternatives: [] };
  let alternatives = question.alternatives.length >= 2 ? question.alternatives : [newAlternative(0), newAlternative(1)];
  if (type === 'single') {
    const first = alternatives.findIndex((a) => a.correct);
    alternatives = alternatives.map((a, i) => ({ ...a, correct: i === first }));
  }
  return { ...question, type, alternatives };
}

/** Marks an alternative correct or not; in a single-choice question, marking one unmarks the others. */
export function withCorrect(question: QuestionValues, index: number, correct: boolean): QuestionValues {
  return {
    ...question,
    alternatives: question.alternatives.map((a, i) => (i === index ? { ...a, correct } : question.type === 'single' && correct ? { ...a, correct: false } : a)),
  };
}

const text = (value: string, limit: number, required: boolean): FieldRule | undefined => {
  const trimmed = value.trim();
  if (trimmed === '') return required ? { rule: 'required' } : undefined;
  return trimmed.length > limit ? { rule: 'maxLength', length: limit } : undefined;
};

const score = (value: number | ''): FieldRule | undefined =>
  value === '' ? { rule: 'required' } : Number.isFinite(value) && value >= 0 && value <= QUIZ_LIMITS.score ? undefined : { rule: 'between', min: 0, max: QUIZ_LIMITS.score };

export function validateQuizForm(v: QuizFormValues): QuizIssues {
  const issues: QuizIssues = {};
  const put = (path: string, issue: QuizIssue | undefined) => {
    if (issue) issues[path] = issue;
  };
  put('title', text(v.title, QUIZ_LIMITS.title, true));
  put('description', text(v.description, QUIZ_LIMITS.description, false));
  if (v.questions.length === 0) put('questions', { rule: 'questionsRequired' });
  if (v.questions.length > QUIZ_LIMITS.questions) put('questions', { rule: 'between', min: 1, max: QUIZ_LIMITS.questions });
  v.questions.forEach((q, qi) => {
    const at = `questions.${qi}`;
    put(`${at}.description`, text(q.description, QUIZ_LIMITS.question, true));
    put(`${at}.score`, score(q.score));
    if (q.type === 'open') return;
    if (q.alternatives.length < 2) put(`${at}.alternatives`, { rule: 'alternativesRequired' });
    else if (q.alternatives.length > QUIZ_LIMITS.alternatives) put(`${at}.alternatives`, { rule: 'between', min: 2, max: QUIZ_LIMITS.alternatives });
    else {
      const correct = q.alternatives.filter((a) => a.correct).length;
      if (correct === 0) put(`${at}.alternatives`, { rule: 'correctRequired' });
      else if (q.type === 'single' && correct > 1) put(`${at}.alternatives`, { rule: 'oneCorrect' });
    }
    q.alternatives.forEach((a, ai) => {
      put(`${at}.alternatives.${ai}.description`, text(a.description, QUIZ_LIMITS.alternative, true));
      put(`${at}.alternatives.${ai}.prefix`, text(a.prefix, QUIZ_LIMITS.prefix, false));
      put(`${at}.alternatives.${ai}.score`, score(a.score));
    });
  });
  return issues;
}

/** POST /quiz and PUT /quiz/:id's body through the contract; null when the contract refuses it (validate first). */
export function toQuizBody(v: QuizFormValues): QuizBody | null {
  const parsed = quizInputSchema.safeParse({
    title: v.title,
    description: v.description,
    questions: v.questions.map((q) => ({
      ...(q.questionId ? { questionId: q.questionId } : {}),
      type: q.type,
      language: q.language,
      description: q.description,
      score: q.score === '' ? 0 : q.score,
      alternatives:
        q.type === 'open'
          ? []
          : q.alternatives.map((a) => ({ ...(a.alternativeId ? { alternativeId: a.alternativeId } : {}), description: a.description, prefix: a.prefix, correct: a.correct, score: a.score === '' ? 0 : a.score })),
    })),
  });
  return parsed.success ? parsed.data : null;
}

/** The most a quiz gives: the open questions' scores, the single's best alternative, the multiple's correct ones (ADR 0060's scoring). */
export const maxScoreOf = (questions: readonly Pick<QuestionValues, 'type' | 'score' | 'alternatives'>[]): number =>
  questions.reduce((sum, q) => {
    const n = (x: number | '') => (x === '' ? 0 : x);
    if (q.type === 'open') return sum + n(q.score);
    const correct = q.alternatives.filter((a) => a.correct).map((a) => n(a.score));
    return sum + (q.type === 'single' ? Math.max(0, ...correct) : correct.reduce((s, x) => s + x, 0));
  }, 0);

/**
 * The window of `new-quiz-date` from two datetime-local values (the browser's zone), as instants;
 * null with the field at fault when one is missing or the close is not after the open.
 */
export function quizWindow(opens: string, closes: string): { ok: true; opensAt: string; closesAt: string } | { ok: false; field: 'opensAt' | 'closesAt'; issue: 'required' | 'afterOpens' } {
  const o = new Date(opens);
  const c = new Date(closes);
  if (!opens || Number.isNaN(o.getTime())) return { ok: false, field: 'opensAt', issue: 'required' };
  if (!closes || Number.isNaN(c.getTime())) return { ok: false, field: 'closesAt', issue: 'required' };
  if (c <= o) return { ok: false, field: 'closesAt', issue: 'afterOpens' };
  return { ok: true, opensAt: o.toISOString(), closesAt: c.toISOString() };
}

/** An instant as a datetime-local input's value in the browser's zone ("2026-11-25T14:30"). */
export const toLocalInput = (iso: string | null): string => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
