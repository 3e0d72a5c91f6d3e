import { sql } from 'kysely';
import type { StationContentAnswersReportRow } from '@portal/reporting/contracts';
import { companyName, learnerName, titleJoin, titleText, type ReportQuerySpec } from '@portal/projection-report-kit';
import { mediaAnswersTable } from './schema.js';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The station content answers report's query (ADR 0070): one row per learner, entry and media question. */
export const stationContentAnswersReportQuery: ReportQuerySpec<StationContentAnswersReportRow> = {
  fact: mediaAnswersTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.last_answered_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)}
    ${titleJoin(ctx, 'en', 'entry', sql`f.entry_id`)}
    ${titleJoin(ctx, 'qu', 'question', sql`f.question_id`)}
    ${titleJoin(ctx, 'op', 'option', sql`f.question_id || ':' || f.answer_id`)}`,
  select: (ctx) => sql`f.user_id as "userId", ${learnerName} as learner, l.email, ${companyName} as company,
    ${titleText(ctx, 'st', sql`f.station_id`)} as station, f.entry_id as "entryId", ${titleText(ctx, 'en', sql`f.entry_id`)} as entry,
    ${titleText(ctx, 'qu', sql`f.question_id`)} as question, ${titleText(ctx, 'op', sql`f.answer_id`)} as answer,
    f.is_correct as correct, f.score, f.attempts, f.first_answered_at as "firstAnsweredAt", f.last_answered_at as "lastAnsweredAt"`,
  sortable: (ctx) => ({
    learner: learnerName,
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
    entry: titleText(ctx, 'en', sql`f.entry_id`),
    question: titleText(ctx, 'qu', sql`f.question_id`),
    correct: sql`f.is_correct`,
    score: sql`f.score`,
    attempts: sql`f.attempts`,
    firstAnsweredAt: sql`f.first_answered_at`,
    lastAnsweredAt: sql`f.last_answered_at`,
  }),
  tiebreak: sql`f.user_id, f.entry_id, f.question_id`,
  toRow: (r) => ({
    userId: String(r.userId),
    learner: String(r.learner),
    email: (r.email as string | null) ?? null,
    company: (r.company as string | null) ?? null,
    station: (r.station as string | null) ?? null,
    entryId: String(r.entryId),
    entry: String(r.entry),
    question: String(r.question),
    answer: String(r.answer),
    correct: Boolean(r.correct),
    score: Number(r.score),
    attempts: Number(r.attempts),
    firstAnsweredAt: iso(r.firstAnsweredAt),
    lastAnsweredAt: iso(r.lastAnsweredAt),
  }),
};
