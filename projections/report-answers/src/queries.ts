import { sql } from 'kysely';
import type { AnswersReportRow } from '@portal/reporting/contracts';
import { companyName, learnerName, titleJoin, titleText, type ReportQuerySpec } from '@portal/projection-report-kit';
import { answerFactsTable } from './schema.js';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The answers report's query (ADR 0070): the facts, the learner as they stood, the titles in the reader's locale. */
export const answersReportQuery: ReportQuerySpec<AnswersReportRow> = {
  fact: answerFactsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.answered_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)}
    ${titleJoin(ctx, 'en', 'entry', sql`f.entry_id`)}
    ${titleJoin(ctx, 'qu', 'question', sql`f.question_id`)}
    ${titleJoin(ctx, 'op', 'option', sql`f.question_id || ':' || f.answer_id`)}`,
  select: (ctx) => sql`f.row_id as "rowId", f.user_id as "userId", ${learnerName} as learner, l.email, ${companyName} as company,
    ${titleText(ctx, 'st', sql`f.station_id`)} as station, ${titleText(ctx, 'en', sql`f.entry_id`)} as entry,
    ${titleText(ctx, 'qu', sql`f.question_id`)} as question, ${titleText(ctx, 'op', sql`f.answer_id`)} as answer,
    f.is_correct as correct, f.score, f.seconds_to_answer as "secondsToAnswer", f.answered_at as "answeredAt", f.context, f.attempt`,
  sortable: (ctx) => ({
    learner: learnerName,
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
    entry: titleText(ctx, 'en', sql`f.entry_id`),
    question: titleText(ctx, 'qu', sql`f.question_id`),
    correct: sql`f.is_correct`,
    score: sql`f.score`,
    secondsToAnswer: sql`f.seconds_to_answer`,
    answeredAt: sql`f.answered_at`,
    context: sql`f.context`,
    attempt: sql`f.attempt`,
  }),
  tiebreak: sql`f.row_id`,
  toRow: (r) => ({
    rowId: String(r.rowId),
    userId: String(r.userId),
    learner: String(r.learner),
    email: (r.email as string | null) ?? null,
    company: (r.company as string | null) ?? null,
    station: (r.station as string | null) ?? null,
    entry: (r.entry as string | null) ?? null,
    question: String(r.question),
    answer: String(r.answer),
    correct: Boolean(r.correct),
    score: Number(r.score),
    secondsToAnswer: Number(r.secondsToAnswer),
    answeredAt: iso(r.answeredAt),
    context: String(r.context),
    attempt: Number(r.attempt),
  }),
};
