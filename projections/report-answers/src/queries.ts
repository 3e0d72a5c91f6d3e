import { sql } from 'kysely';
import { REPORTS } from '@portal/reporting/contracts/reports';
import { companyName, learnerName, reportQuery, titleJoin, titleText } from '@portal/projection-report-kit';
import { answerFactsTable } from './schema.js';

/** The answers report's SQL (ADR 0070): the facts, the learner as they stood, the titles in the reader's locale. */
export const answersReportQuery = reportQuery(REPORTS.answers, {
  projection: 'report-answers',
  fact: answerFactsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.answered_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)}
    ${titleJoin(ctx, 'en', 'entry', sql`f.entry_id`)}
    ${titleJoin(ctx, 'qu', 'question', sql`f.question_id`)}
    ${titleJoin(ctx, 'op', 'option', sql`f.question_id || ':' || f.answer_id`)}`,
  fields: (ctx) => ({
    rowId: sql`f.row_id`,
    userId: sql`f.user_id`,
    learner: learnerName(ctx),
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
    entry: titleText(ctx, 'en', sql`f.entry_id`),
    question: titleText(ctx, 'qu', sql`f.question_id`),
    answer: titleText(ctx, 'op', sql`f.answer_id`),
    correct: sql`f.is_correct`,
    score: sql`f.score`,
    secondsToAnswer: sql`f.seconds_to_answer`,
    answeredAt: sql`f.answered_at`,
    context: sql`f.context`,
    attempt: sql`f.attempt`,
  }),
  tiebreak: sql`f.row_id`,
});
