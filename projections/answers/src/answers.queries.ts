import type { Kysely } from 'kysely';

export interface AnswerRow {
  rowId: string;
  actor: string;
  questionId: string;
  answerId: string;
  isCorrect: boolean;
  score: number;
  countsForScore: boolean;
  postQuestionId: string | null;
  postAnswerId: string | null;
  postIsCorrect: boolean | null;
  postScore: number;
  points: number;
  secondsToAnswer: number;
  context: string;
  origin: string;
  questionRevision: number;
  stationId: string | null;
  entryId: string | null;
  attempt: number;
  answeredAt: string;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const toAnswer = (r: Record<string, any>): AnswerRow => ({
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
export async function listAnswers(reader: Kysely<any>, actor: string): Promise<AnswerRow[]> {
  const rows = await reader.selectFrom('answers').selectAll().where('actor', '=', actor).orderBy('answered_at').orderBy('question_id').execute();
  return rows.map(toAnswer);
}

/** The learner's current answers to some questions, by question id. */
export async function answersByQuestion(reader: Kysely<any>, actor: string, questionIds: string[]): Promise<Map<string, AnswerRow>> {
  if (questionIds.length === 0) return new Map();
  const rows = await reader.selectFrom('answers').selectAll().where('actor', '=', actor).where('question_id', 'in', questionIds).execute();
  return new Map(rows.map((r) => [String(r.question_id), toAnswer(r)]));
}

export interface SurveyAnswerRow {
  questionId: string;
  answerId: string;
  answeredAt: string;
}

export async function surveyAnswers(reader: Kysely<any>, surveyId: string, actor: string): Promise<SurveyAnswerRow[]> {
  const rows = await reader.selectFrom('survey_answers').select(['question_id', 'answer_id', 'answered_at']).where('survey_id', '=', surveyId).where('actor', '=', actor).orderBy('answered_at').execute();
  return rows.map((r) => ({ questionId: String(r.question_id), answerId: String(r.answer_id), answeredAt: iso(r.answered_at) }));
}
