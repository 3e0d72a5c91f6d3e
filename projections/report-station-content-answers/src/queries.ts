import { sql } from 'kysely';
import { REPORTS } from '@portal/reporting/contracts/reports';
import { companyName, learnerName, reportQuery, titleJoin, titleText } from '@portal/projection-report-kit';
import { mediaAnswersTable } from './schema.js';

/** The station content answers report's SQL (ADR 0070): one row per learner, entry and media question. */
export const stationContentAnswersReportQuery = reportQuery(REPORTS['station-content-answers'], {
  projection: 'report-station-content-answers',
  fact: mediaAnswersTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.last_answered_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)}
    ${titleJoin(ctx, 'en', 'entry', sql`f.entry_id`)}
    ${titleJoin(ctx, 'qu', 'question', sql`f.question_id`)}
    ${titleJoin(ctx, 'op', 'option', sql`f.question_id || ':' || f.answer_id`)}`,
  fields: (ctx) => ({
    userId: sql`f.user_id`,
    learner: learnerName(ctx),
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
    entryId: sql`f.entry_id`,
    entry: titleText(ctx, 'en', sql`f.entry_id`),
    question: titleText(ctx, 'qu', sql`f.question_id`),
    answer: titleText(ctx, 'op', sql`f.answer_id`),
    correct: sql`f.is_correct`,
    score: sql`f.score`,
    attempts: sql`f.attempts`,
    firstAnsweredAt: sql`f.first_answered_at`,
    lastAnsweredAt: sql`f.last_answered_at`,
  }),
  tiebreak: sql`f.user_id, f.entry_id, f.question_id`,
});
