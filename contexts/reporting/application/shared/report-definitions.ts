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
import {
  answersReportExportQuerySchema,
  messagingReportExportQuerySchema,
  expertQuestionsReportExportQuerySchema,
  companiesReportExportQuerySchema,
  stationScoresReportExportQuerySchema,
  REPORTS,
  stationContentAnswersReportExportQuerySchema,
  stationContentReportExportQuerySchema,
  stationsReportExportQuerySchema,
  podcastDownloadsReportExportQuerySchema,
  type ReportColumn,
  type ReportName,
} from '../../contracts/index.js';
import { messagingReportScopeOf } from './report-access.js';

/** What the server knows of a report: its projection, its query, its columns, its export query. */
export interface ServerReport {
  name: ReportName;
  /** the projection it reads (projections/report-<name>) */
  projection: string;
  // any: each report's row type; the report's own use case reads it typed
  query: ReportQuerySpec<any>;
  columns: readonly ReportColumn[];
  exportQuery: z.ZodType<Record<string, unknown> & { format: 'csv' | 'xlsx' }>;
  /** who may read it and which companies (absent: the reports' guard, `reportScopeOf`); throws 403 outside it */
  scopeOf?: (user: Extract<Principal, { kind: 'user' }>) => Exclude<ManagerScope, { kind: 'none' }>;
}

/** Every report, by name: the export, the CLI and the benchmark iterate over this list (ADR 0070). */
export const SERVER_REPORTS: Record<ReportName, ServerReport> = {
  answers: { name: 'answers', projection: 'report-answers', query: answersReportQuery, columns: REPORTS.answers.columns, exportQuery: answersReportExportQuerySchema },
  'station-content-answers': {
    name: 'station-content-answers',
    projection: 'report-station-content-answers',
    query: stationContentAnswersReportQuery,
    columns: REPORTS['station-content-answers'].columns,
    exportQuery: stationContentAnswersReportExportQuerySchema,
  },
  'station-scores': {
    name: 'station-scores',
    projection: 'report-station-scores',
    query: stationScoresReportQuery,
    columns: REPORTS['station-scores'].columns,
    exportQuery: stationScoresReportExportQuerySchema,
  },
  'companies-report': { name: 'companies-report', projection: 'report-companies', query: companiesReportQuery, columns: REPORTS['companies-report'].columns, exportQuery: companiesReportExportQuerySchema },
  'station-content': { name: 'station-content', projection: 'report-station-content', query: stationContentReportQuery, columns: REPORTS['station-content'].columns, exportQuery: stationContentReportExportQuerySchema },
  stations: { name: 'stations', projection: 'report-stations', query: stationsReportQuery, columns: REPORTS.stations.columns, exportQuery: stationsReportExportQuerySchema },
  'podcast-downloads': {
    name: 'podcast-downloads',
    projection: 'report-podcast-downloads',
    query: podcastDownloadsReportQuery,
    columns: REPORTS['podcast-downloads'].columns,
    exportQuery: podcastDownloadsReportExportQuerySchema,
  },
  messaging: {
    name: 'messaging',
    projection: 'report-messaging',
    query: messagingReportQuery,
    columns: REPORTS.messaging.columns,
    exportQuery: messagingReportExportQuerySchema,
    scopeOf: messagingReportScopeOf,
  },
  'expert-questions': {
    name: 'expert-questions',
    projection: 'report-expert-questions',
    query: expertQuestionsReportQuery,
    columns: REPORTS['expert-questions'].columns,
    exportQuery: expertQuestionsReportExportQuerySchema,
  },
};

export const isReportName = (name: string): name is ReportName => Object.hasOwn(SERVER_REPORTS, name);
