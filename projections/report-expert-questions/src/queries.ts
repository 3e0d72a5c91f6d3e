import { sql, type RawBuilder } from 'kysely';
import { REPORTS } from '@portal/reporting/contracts/reports';
import { companyName, learnerName, reportQuery, validAt, type ReportSqlContext } from '@portal/projection-report-kit';
import { expertQuestionsTable, themesTable } from './schema.js';

/** A theme's label in the reader's locale: the reference data as it stood at the position, else the labels the question was asked with. */
const label = (ctx: ReportSqlContext, alias: string, asked: string, id: string): RawBuilder<string> => {
  const a = sql.id(alias);
  return sql<string>`coalesce(${a}.labels->>${ctx.lang}, ${sql.ref(`f.${asked}`)}->>${ctx.lang}, ${sql.ref(`f.${asked}`)}->>'pt-BR', ${sql.ref(`f.${id}`)})`;
};
const themeJoin = (ctx: ReportSqlContext, alias: string, id: string) =>
  sql`left join ${ctx.table(themesTable.name)} ${sql.id(alias)} on ${sql.id(alias)}.item_id = ${sql.ref(`f.${id}`)} and ${validAt(alias, ctx.at)}`;

/** The ask the expert report's SQL (ADR 0070, 0072): the questions, the learner as they stood, the theme labels in the reader's locale. */
export const expertQuestionsReportQuery = reportQuery(REPORTS['expert-questions'], {
  projection: 'report-expert-questions',
  fact: expertQuestionsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.asked_at`,
  stationColumn: null,
  joins: (ctx) => sql`${themeJoin(ctx, 'th', 'theme_id')} ${themeJoin(ctx, 'sth', 'sub_theme_id')}`,
  fields: (ctx) => ({
    questionId: sql`f.question_id`,
    userId: sql`f.user_id`,
    learner: learnerName(ctx),
    email: sql`l.email`,
    company: companyName,
    theme: label(ctx, 'th', 'theme_labels', 'theme_id'),
    subTheme: label(ctx, 'sth', 'sub_theme_labels', 'sub_theme_id'),
    phone: sql`f.phone`,
    title: sql`f.title`,
    question: sql`f.question`,
    response: sql`f.response`,
    answeredBy: sql`f.answered_by`,
    askedAt: sql`f.asked_at`,
    answeredAt: sql`f.answered_at`,
    status: sql`f.status`,
  }),
  tiebreak: sql`f.question_id`,
});
