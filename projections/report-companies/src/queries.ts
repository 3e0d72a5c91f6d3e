import { sql } from 'kysely';
import { ACTIVE_USER_DAYS, REPORTS } from '@portal/reporting/contracts/reports';
import { learnersTable, reportQuery, validAt, type ReportSqlContext } from '@portal/projection-report-kit';
import { companyDetailsTable, completionFactsTable, lastSignInsTable } from './schema.js';

/**
 * Per company, counted at the position read (ADR 0070): its users (learners in it then, under the
 * learner filters), the active ones (their last sign-in within ACTIVE_USER_DAYS before the read's
 * reference time: the "as of" date, else now) and their completions (in the date range and the
 * crop/station when given).
 */
const countsJoin = (ctx: ReportSqlContext) => {
  const now = ctx.now.toISOString();
  return sql`left join lateral (
    select count(*) as users,
      count(*) filter (where si.signed_in_at > ${now}::timestamptz - make_interval(days => ${ACTIVE_USER_DAYS}) and si.signed_in_at <= ${now}::timestamptz) as active_users
    from ${ctx.table(learnersTable.name)} lu
    left join ${ctx.table(lastSignInsTable.name)} si on si.user_id = lu.user_id and ${validAt('si', ctx.at)}
    where lu.company_id = f.company_id and ${validAt('lu', ctx.at)} and ${ctx.learnerWhere('lu')}
  ) n on true
  left join lateral (
    select count(*) as completions
    from ${ctx.table(completionFactsTable.name)} m
    join ${ctx.table(learnersTable.name)} lm on lm.user_id = m.user_id and ${validAt('lm', ctx.at)}
    where lm.company_id = f.company_id and ${validAt('m', ctx.at)} and ${ctx.learnerWhere('lm')}
      and ${ctx.dateWhere(sql`m.completed_at`)} and ${ctx.stationWhere(sql`m.station_id`)}
  ) k on true`;
};

const users = sql`coalesce(n.users, 0)`;
const activeUsers = sql`coalesce(n.active_users, 0)`;
const completions = sql`coalesce(k.completions, 0)`;

/** The companies report's SQL (a company report: `subject` company, the scope selects the company's row). */
export const companiesReportQuery = reportQuery(REPORTS['companies-report'], {
  projection: 'report-companies',
  fact: companyDetailsTable.name,
  userColumn: 'company_id',
  subject: { kind: 'company', companyColumn: 'company_id' },
  dateColumn: sql`null::timestamptz`,
  stationColumn: null,
  joins: countsJoin,
  fields: () => ({
    companyId: sql`f.company_id`,
    company: sql`f.name`,
    businessCode: sql`f.business_code`,
    phone: sql`f.phone`,
    contactEmail: sql`f.contact_email`,
    contactName: sql`f.contact_name`,
    contactPhone: sql`f.contact_phone`,
    domains: sql`array_to_string(f.domains, ', ')`,
    users,
    activeUsers,
    completions,
  }),
  tiebreak: sql`f.company_id`,
});
