import { sql, type RawBuilder } from 'kysely';
import { EXPERT_QUESTION_STATUSES, type ExpertQuestionsReportRow } from '@portal/reporting/contracts';
import { companyName, learnerName, validAt, type ReportQuerySpec, type ReportSqlContext } from '@portal/projection-report-kit';
import { expertQuestionsTable, themesTable } from './schema.js';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A theme's label in the reader's locale: the reference data as it stood at the position, else the labels the question was asked with. */
const label = (ctx: ReportSqlContext, alias: string, asked: string, id: string): RawBuilder<string> => {
  const a = sql.id(alias);
  return sql<string>`coalesce(${a}.labels->>${ctx.lang}, ${sql.ref(`f.${asked}`)}->>${ctx.lang}, ${sql.ref(`f.${asked}`)}->>'pt-BR', ${sql.ref(`f.${id}`)})`;
};
const themeJoin = (ctx: ReportSqlContext, alias: string, id: string) =>
  sql`left join ${ctx.table(themesTable.name)} ${sql.id(alias)} on ${sql.id(alias)}.item_id = ${sql.ref(`f.${id}`)} and ${validAt(alias, ctx.at)}`;

/** The ask the expert report's query (ADR 0070, 0072): the questions, the learner as they stood, the theme labels in the reader's locale. */
export const expertQuestionsReportQuery: ReportQuerySpec<ExpertQuestionsReportRow> = {
  fact: expertQuestionsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.asked_at`,
  stationColumn: null,
  joins: (ctx) => sql`${themeJoin(ctx, 'th', 'theme_id')} ${themeJoin(ctx, 'sth', 'sub_theme_id')}`,
  select: (ctx) => sql`f.question_id as "questionId", f.user_id as "userId", ${learnerName} as learner, l.email, ${companyName} as company,
    ${label(ctx, 'th', 'theme_labels', 'theme_id')} as theme, ${label(ctx, 'sth', 'sub_theme_labels', 'sub_theme_id')} as "subTheme",
    f.phone, f.title, f.question, f.response, f.answered_by as "answeredBy", f.asked_at as "askedAt", f.answered_at as "answeredAt", f.status`,
  sortable: (ctx) => ({
    learner: learnerName,
    email: sql`l.email`,
    company: companyName,
    theme: label(ctx, 'th', 'theme_labels', 'theme_id'),
    subTheme: label(ctx, 'sth', 'sub_theme_labels', 'sub_theme_id'),
    phone: sql`f.phone`,
    title: sql`f.title`,
    answeredBy: sql`f.answered_by`,
    askedAt: sql`f.asked_at`,
    answeredAt: sql`f.answered_at`,
    status: sql`f.status`,
  }),
  tiebreak: sql`f.question_id`,
  toRow: (r) => ({
    questionId: String(r.questionId),
    userId: String(r.userId),
    learner: String(r.learner),
    email: text(r.email),
    company: text(r.company),
    theme: String(r.theme),
    subTheme: String(r.subTheme),
    phone: String(r.phone),
    title: String(r.title),
    question: String(r.question),
    response: text(r.response),
    answeredBy: text(r.answeredBy),
    askedAt: iso(r.askedAt),
    answeredAt: isoOrNull(r.answeredAt),
    status: EXPERT_QUESTION_STATUSES.find((s) => s === r.status) ?? 'open',
  }),
};
