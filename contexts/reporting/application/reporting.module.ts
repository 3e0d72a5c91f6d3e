import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { reportExportRoutes, reportingRoutes, reportPageRoutes, reportRoutes } from '../contracts/index.js';
import { AuditModule } from './audit.module.js';
import { ExportReportController } from './export-report/export-report.http.controller.js';
import { ExportReportHandler } from './export-report/export-report.handler.js';
import { GetAnswersTrendController } from './get-answers-trend/get-answers-trend.http.controller.js';
import { GetAnswersTrendHandler } from './get-answers-trend/get-answers-trend.query-handler.js';
import { GetReportPageController } from './get-report-page/get-report-page.http.controller.js';
import { GetReportPageHandler } from './get-report-page/get-report-page.query-handler.js';
import { ListReportCompaniesController } from './list-report-companies/list-report-companies.http.controller.js';
import { ListReportCompaniesHandler } from './list-report-companies/list-report-companies.query-handler.js';
import { ReportReader } from './shared/report-reader.js';
import { GetManagerDashboardController } from './get-manager-dashboard/get-manager-dashboard.http.controller.js';
import { GetManagerDashboardHandler } from './get-manager-dashboard/get-manager-dashboard.query-handler.js';
import { ListDashboardCompaniesController } from './list-dashboard-companies/list-dashboard-companies.http.controller.js';
import { ListDashboardCompaniesHandler } from './list-dashboard-companies/list-dashboard-companies.query-handler.js';

const prefixed = <T>(kind: string, routes: Record<string, T>) => Object.fromEntries(Object.entries(routes).map(([name, route]) => [`${kind}:${name}`, route]));

registerRoutes('reporting', reportingRoutes);
// every report's page and export, generated from the report registry (contracts/reports.ts)
registerRoutes('reports', { ...reportRoutes, ...prefixed('page', reportPageRoutes), ...prefixed('export', reportExportRoutes) });

/**
 * The reporting context (ADR 0053): managers' read-only views over the other contexts' events,
 * each served from a projection of its own; it decides nothing and records no events. One folder
 * per use case (ADR 0009 §2).
 */
@Module({
  imports: [CqrsModule, AuditModule],
  controllers: [
    ListDashboardCompaniesController,
    GetManagerDashboardController,
    // reports (ADR 0070, 0085): the static paths (companies, the trend) before the generic page and export
    ListReportCompaniesController,
    GetAnswersTrendController,
    GetReportPageController,
    ExportReportController,
  ],
  providers: [
    GetManagerDashboardHandler,
    ListDashboardCompaniesHandler,
    ReportReader,
    GetAnswersTrendHandler,
    GetReportPageHandler,
    ExportReportHandler,
    ListReportCompaniesHandler,
  ],
})
export class ReportingModule {}
