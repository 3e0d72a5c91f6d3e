import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { reportingRoutes, reportRoutes } from '../contracts/index.js';
import { AuditModule } from './audit.module.js';
import { ExportReportController } from './export-report/export-report.http.controller.js';
import { ExportReportHandler } from './export-report/export-report.handler.js';
import { GetAnswersReportController } from './get-answers-report/get-answers-report.http.controller.js';
import { GetAnswersReportHandler } from './get-answers-report/get-answers-report.handler.js';
import { GetAnswersTrendController } from './get-answers-trend/get-answers-trend.http.controller.js';
import { GetAnswersTrendHandler } from './get-answers-trend/get-answers-trend.handler.js';
import { GetStationContentAnswersReportController } from './get-station-content-answers-report/get-station-content-answers-report.http.controller.js';
import { GetStationContentAnswersReportHandler } from './get-station-content-answers-report/get-station-content-answers-report.handler.js';
import { GetStationScoresReportController } from './get-station-scores-report/get-station-scores-report.http.controller.js';
import { GetStationScoresReportHandler } from './get-station-scores-report/get-station-scores-report.handler.js';
import { GetCompaniesReportController } from './get-companies-report/get-companies-report.http.controller.js';
import { GetCompaniesReportHandler } from './get-companies-report/get-companies-report.handler.js';
import { GetStationContentReportController } from './get-station-content-report/get-station-content-report.http.controller.js';
import { GetStationContentReportHandler } from './get-station-content-report/get-station-content-report.handler.js';
import { GetStationsReportController } from './get-stations-report/get-stations-report.http.controller.js';
import { GetStationsReportHandler } from './get-stations-report/get-stations-report.handler.js';
import { GetPodcastDownloadsReportController } from './get-podcast-downloads-report/get-podcast-downloads-report.http.controller.js';
import { GetPodcastDownloadsReportHandler } from './get-podcast-downloads-report/get-podcast-downloads-report.handler.js';
import { ListReportCompaniesController } from './list-report-companies/list-report-companies.http.controller.js';
import { ListReportCompaniesHandler } from './list-report-companies/list-report-companies.handler.js';
import { ReportReader } from './shared/report-reader.js';
import { GetMessagingReportController } from './get-messaging-report/get-messaging-report.http.controller.js';
import { GetMessagingReportHandler } from './get-messaging-report/get-messaging-report.handler.js';
import { GetExpertQuestionsReportController } from './get-expert-questions-report/get-expert-questions-report.http.controller.js';
import { GetExpertQuestionsReportHandler } from './get-expert-questions-report/get-expert-questions-report.handler.js';
import { GetManagerDashboardController } from './get-manager-dashboard/get-manager-dashboard.http.controller.js';
import { GetManagerDashboardHandler } from './get-manager-dashboard/get-manager-dashboard.handler.js';
import { ListDashboardCompaniesController } from './list-dashboard-companies/list-dashboard-companies.http.controller.js';
import { ListDashboardCompaniesHandler } from './list-dashboard-companies/list-dashboard-companies.handler.js';

registerRoutes('reporting', reportingRoutes);
registerRoutes('reports', reportRoutes);

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
    // reports (ADR 0070): the trend before the page (a more specific path), the generic export
    ListReportCompaniesController,
    GetAnswersTrendController,
    GetAnswersReportController,
    GetStationContentAnswersReportController,
    GetStationScoresReportController,
    GetCompaniesReportController,
    GetStationContentReportController,
    GetStationsReportController,
    GetPodcastDownloadsReportController,
    GetMessagingReportController,
    GetExpertQuestionsReportController,
    ExportReportController,
  ],
  providers: [
    GetManagerDashboardHandler,
    ListDashboardCompaniesHandler,
    ReportReader,
    GetAnswersReportHandler,
    GetAnswersTrendHandler,
    GetStationContentAnswersReportHandler,
    GetStationScoresReportHandler,
    GetCompaniesReportHandler,
    GetStationContentReportHandler,
    GetStationsReportHandler,
    GetPodcastDownloadsReportHandler,
    GetMessagingReportHandler,
    GetExpertQuestionsReportHandler,
    ExportReportHandler,
    ListReportCompaniesHandler,
  ],
})
export class ReportingModule {}
