/**
 * HTTP contracts of the manager reports (issue 16, ADR 0070), shared by the API, the CLI and the
 * SPA. Each report is data (ADR 0085): one file of `reports/` (`defineReport`: its fields with
 * their headers in the three locales, its default sort, who may read it), listed in `REPORTS`
 * below; its page and export routes and their OpenAPI entries are generated from that list
 * (docs/guide.md "Adding a report").
 */
import { z } from 'zod';
import type { ErrorCode } from '@portal/kernel';
import { checkedFilters, reportAsOfSchema, type ReportAccess } from './report-definition.js';
import { answersReport } from './reports/answers.js';
import { companiesReport } from './reports/companies.js';
import { expertQuestionsReport } from './reports/expert-questions.js';
import { messagingReport } from './reports/messaging.js';
import { podcastDownloadsReport } from './reports/podcast-downloads.js';
import { stationContentAnswersReport } from './reports/station-content-answers.js';
import { stationContentReport } from './reports/station-content.js';
import { stationScoresReport } from './reports/station-scores.js';
import { stationsReport } from './reports/stations.js';

export * from './report-definition.js';
export { ACTIVE_USER_DAYS } from './reports/companies.js';
export { EXPERT_QUESTION_STATUSES, type ExpertQuestionStatus } from './reports/expert-questions.js';

/** The reports by name: the name of their URL, of the export event, of the CLI and the bench. */
export const REPORTS = {
  answers: answersReport,
  'station-content-answers': stationContentAnswersReport,
  messaging: messagingReport,
  'expert-questions': expertQuestionsReport,
  'station-content': stationContentReport,
  stations: stationsReport,
  'podcast-downloads': podcastDownloadsReport,
  'station-scores': stationScoresReport,
  'companies-report': companiesReport,
} as const;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];

/** A report's row, page query and page answer, by name. */
export type ReportRow<N extends ReportName> = z.infer<(typeof REPORTS)[N]['rowSchema']>;
export type ReportPageQuery<N extends ReportName> = z.infer<(typeof REPORTS)[N]['querySchema']>;
export type ReportPage<N extends ReportName> = z.infer<(typeof REPORTS)[N]['pageSchema']>;

/** GET /api/reports/answers/trend: answers per ISO week (its Monday, UTC) under the same filters, at most 53 weeks. */
export const answersTrendSchema = z.object({
  asOf: reportAsOfSchema.nullable(),
  weeks: z.array(z.object({ startsOn: z.string(), answers: z.number().int(), correct: z.number().int() })),
});
export type AnswersTrend = z.infer<typeof answersTrendSchema>;
export const answersTrendQuerySchema = checkedFilters;

/** GET /api/reports/companies: the companies the caller may pick in the reports (every company for manage_all_companies and auditors; their own otherwise). */
export const reportCompaniesSchema = z.object({ companies: z.array(z.object({ companyId: z.string(), name: z.string() })) });
export type ReportCompanies = z.infer<typeof reportCompaniesSchema>;

/** Who may call a report's routes, by its `access`, as the OpenAPI summaries say it. */
const WHO: Record<ReportAccess, string> = {
  reports: 'company_manager or company_admin with a company and manage_companies_users (own company), manage_all_companies or auditor (every company)',
  messaging: "manage_whatsapp only (identity messagingScope): with manage_all_companies every row, unmatched phones included; company_manager or company_admin with a company: their company's users",
};
const errors = ['403', '404'] as const satisfies readonly ErrorCode[];
const byName = <T>(make: <N extends ReportName>(report: (typeof REPORTS)[N]) => T) => Object.fromEntries(REPORT_NAMES.map((name) => [name, make(REPORTS[name])])) as Record<ReportName, T>;

/** GET /api/reports/<report>: one page of each report (the generic route of the reporting module). */
export const reportPageRoutes = byName((r) => ({
  method: 'GET' as const,
  path: `/reports/${r.name}`,
  query: r.querySchema,
  response: r.pageSchema,
  summary: `${r.summary}, a page; ${WHO[r.access]}`,
  errors,
})) as { [N in ReportName]: { method: 'GET'; path: string; query: (typeof REPORTS)[N]['querySchema']; response: (typeof REPORTS)[N]['pageSchema']; summary: string; errors: typeof errors } };

/** GET /api/reports/<report>/export: each report as a file. */
export const reportExportRoutes = byName((r) => ({
  method: 'GET' as const,
  path: `/reports/${r.name}/export`,
  query: r.exportQuerySchema,
  summary: `${r.title.en} as CSV or XLSX (every matching row, streamed; recorded as ReportExported); ${WHO[r.access]}`,
  errors,
  responseType: 'text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}));

/** The reports' routes besides the pages and exports. */
export const reportRoutes = {
  reportCompanies: { method: 'GET', path: '/reports/companies', response: reportCompaniesSchema, summary: `The companies the reports' company picker offers; ${WHO.reports}`, errors: ['403'] },
  answersTrend: { method: 'GET', path: '/reports/answers/trend', query: answersTrendQuerySchema, response: answersTrendSchema, summary: `Answers per week under the report's filters; ${WHO.reports}`, errors },
} as const;
