import type { CatalogueModel, Question } from '@portal/learning/contracts';
import type { AnswerRow } from '@portal/projection-answers';
import { answerOf, type Answer, type QuestionState, type QuestionView } from '../../contracts/index.js';
import type { QuestionFacts } from '../../domain/index.js';

/** 000 §3 question without its answer key: no isCorrect, no option scores (they would give it away). */
export function questionView(q: Question, revision: number): QuestionView {
  return {
    questionId: q.questionId,
    questionRevision: revision,
    label: q.label,
    enunciations: q.enunciations,
    hasScore: q.hasScore,
    showOptionPrefix: q.showOptionPrefix,
    hideResult: q.hideResult,
    ignoreScore: q.ignoreScore,
    allowRetry: q.allowRetry,
    postAnswerQuestionId: q.postAnswerQuestionId ?? null,
    options: [...q.options].sort((a, b) => a.displayOrder - b.displayOrder).map((o) => ({ id: o.id, label: o.label, prefix: o.prefix, displayOrder: o.displayOrder })),
  };
}

export function questionFacts(q: Question, revision: number): QuestionFacts {
  return {
    questionId: q.questionId,
    revision,
    hasScore: q.hasScore,
    ignoreScore: q.ignoreScore,
    allowRetry: q.allowRetry,
    postAnswerQuestionId: q.postAnswerQuestionId ?? null,
    options: q.options.map((o) => ({ id: o.id, isCorrect: o.isCorrect, score: o.score, displayOrder: o.displayOrder })),
  };
}

/**
 * The answer key shown after an answer: never with hideResult, and not after a wrong answer to a
 * question that allows retry (the learner is meant to try again, not to copy the key).
 */
export const correctIdsOf = (q: Question, answeredCorrectly = true): string[] | null =>
  q.hideResult || (q.allowRetry && !answeredCorrectly) ? null : q.options.filter((o) => o.isCorrect).map((o) => o.id);

export const answerView = (a: AnswerRow): Answer => answerOf(a);

/** One question of the overlay: the question, its follow-up, the learner's answer and what the learner may do. */
export function questionState(cat: CatalogueModel, questionId: string, answers: ReadonlyMap<string, AnswerRow>): QuestionState | null {
  const q = cat.questions.get(questionId);
  if (!q) return null;
  const follow = q.postAnswerQuestionId ? cat.questions.get(q.postAnswerQuestionId) : undefined;
  const answer = answers.get(questionId) ?? null;
  return {
    question: questionView(q, q.revision),
    followUp: follow ? questionView(follow, follow.revision) : null,
    answer: answer ? answerView(answer) : null,
    canAnswer: !answer || q.allowRetry,
    correctAnswerIds: answer ? correctIdsOf(q, answer.isCorrect) : null,
    postCorrectAnswerIds: answer && follow ? correctIdsOf(follow, answer.postIsCorrect !== false) : null,
  };
}

/** "Next unanswered" (000 §4.4): the first unanswered, or the first when all or none are answered. */
export const nextUnanswered = (ids: string[], answered: (id: string) => boolean): string | null => ids.find((id) => !answered(id)) ?? ids[0] ?? null;
