import type { z } from 'zod';
import type { ReportQuerySpec } from '@portal/projection-report-kit';
import { answersReportQuery } from '@portal/projection-report-answers';
import { stationContentAnswersReportQuery } from '@portal/projection-report-station-content-answers';
import { messagingReportQuery } from '@portal/projection-report-messaging';
import { expertQuestionsReportQuery } from '@portal/projection-report-expert-questions';
import type { Principal } from '@portal/kernel';
import type { ManagerScope } from '@portal/identity/contracts';
import { stationScoresReportQuery } from '@portal/projection-report-station-scores';
import { companiesReportQuery } from '@portal/projection-report-companies';
import { stationContentReportQuery } from '@portal/projection-report-station-content';
import { stationsReportQuery } from '@portal/projection-report-stations';
import { podcastDownloadsReportQuery } from '@portal/projection-report-podcast-downloads';
import { REPORT_NAMES, REPORTS, type ReportAccess, type ReportColumn, type ReportName } from '../../contracts/index.js';
import { messagingReportScopeOf, reportScopeOf } from './report-access.js';

/** Each report's SQL, by name (its projection's `reportQuery`): a report without one fails the typecheck. */
const QUERIES = {
  answers: answersReportQuery,
  'station-content-answers': stationContentAnswersReportQuery,
  'station-scores': stationScoresReportQuery,
  'companies-report': companiesReportQuery,
  'station-content': stationContentReportQuery,
  stations: stationsReportQuery,
  'podcast-downloads': podcastDownloadsReportQuery,
  messaging: messagingReportQuery,
  'expert-questions': expertQuestionsReportQuery,
} satisfies Record<ReportName, { report: string; projection: string }>;

/** Who may read a report and which companies, by its `access`; throws 403 outside it. */
const SCOPES: Record<ReportAccess, (user: Extract<Principal, { kind: 'user' }>) => Exclude<ManagerScope, { kind: 'none' }>> = {
  reports: reportScopeOf,
  messaging: messagingReportScopeOf,
};

/** What the server knows of a report: its projection, its SQL, its columns, its page and export queries, its scope. */
export interface ServerReport {
  name: ReportName;
  /** the projection it reads (projections/report-<name>) */
  projection: string;
  // any: each report's row type; the contract's row schema types the answer
  query: ReportQuerySpec<any>;
  columns: readonly ReportColumn[];
  pageQuery: z.ZodType<Record<string, unknown> & { page: number; pageSize: number }>;
  exportQuery: z.ZodType<Record<string, unknown> & { format: 'csv' | 'xlsx' }>;
  scopeOf: (user: Extract<Principal, { kind: 'user' }>) => Exclude<ManagerScope, { kind: 'none' }>;
}

/** Every report, by name, from its contract definition and its SQL: the page route, the export, the CLI and the benchmark iterate over this (ADR 0070, 0085). */
export const SERVER_REPORTS = Object.fromEntries(
  REPORT_NAMES.map((name): [ReportName, ServerReport] => {
    const def = REPORTS[name];
    const query = QUERIES[name];
    if (query.report !== name) throw new Error(`report ${name}: its SQL is the ${query.report} report's`);
    return [name, { name, projection: query.projection, query, columns: def.columns, pageQuery: def.querySchema, exportQuery: def.exportQuerySchema, scopeOf: SCOPES[def.access] }];
  }),
) as Record<ReportName, ServerReport>;

export const isReportName = (name: string): name is ReportName => Object.hasOwn(SERVER_REPORTS, name);
