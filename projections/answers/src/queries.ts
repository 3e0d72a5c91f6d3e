import type { Kysely, Selectable } from 'kysely';
import type { AnswerSubmitted } from '@portal/assessment/contracts';
import type { AnswersDB, AnswersTable } from './schema.js';
import { iso } from '@portal/kernel';

/** A learner's current answer to a question: the fields of its AnswerSubmitted that the read model keeps. */
export type AnswerRow = Omit<AnswerSubmitted['data'], 'postCountsForScore' | 'postQuestionRevision'>;

const toAnswer = (r: Selectable<AnswersTable>): AnswerRow => ({
  rowId: r.row_id,
  actor: r.actor,
  questionId: r.question_id,
  answerId: r.answer_id,
  isCorrect: Boolean(r.is_correct),
  score: Number(r.score),
  countsForScore: Boolean(r.counts_for_score),
  postQuestionId: r.post_question_id ?? null,
  postAnswerId: r.post_answer_id ?? null,
  postIsCorrect: r.post_is_correct ?? null,
  postScore: Number(r.post_score),
  points: Number(r.points),
  secondsToAnswer: Number(r.seconds_to_answer),
  context: r.context,
  origin: r.origin,
  questionRevision: Number(r.question_revision),
  stationId: r.station_id ?? null,
  entryId: r.entry_id ?? null,
  attempt: Number(r.attempt),
  answeredAt: iso(r.answered_at),
});

/** Every current answer of one learner, oldest first. */
export async function listAnswers(reader: Kysely<AnswersDB>, actor: string): Promise<AnswerRow[]> {
  const rows = await reader.selectFrom('answers').selectAll().where('actor', '=', actor).orderBy('answered_at').orderBy('question_id').execute();
  return rows.map(toAnswer);
}

/** The learner's current answers to some questions, by question id. */
export async function answersByQuestion(reader: Kysely<AnswersDB>, actor: string, questionIds: string[]): Promise<Map<string, AnswerRow>> {
  if (questionIds.length === 0) return new Map();
  const rows = await reader.selectFrom('answers').selectAll().where('actor', '=', actor).where('question_id', 'in', questionIds).execute();
  return new Map(rows.map((r) => [r.question_id, toAnswer(r)]));
}

export interface SurveyAnswerRow {
  questionId: string;
  answerId: string;
  answeredAt: string;
}

export async function surveyAnswers(reader: Kysely<AnswersDB>, surveyId: string, actor: string): Promise<SurveyAnswerRow[]> {
  const rows = await reader.selectFrom('survey_answers').select(['question_id', 'answer_id', 'answered_at']).where('survey_id', '=', surveyId).where('actor', '=', actor).orderBy('answered_at').execute();
  return rows.map((r) => ({ questionId: r.question_id, answerId: r.answer_id, answeredAt: iso(r.answered_at) }));
}
