import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG, registerRoutes, type AppConfig } from '@portal/platform';
import { learningRoutes, scormUploadRoutes } from '../contracts/index.js';
import { DownloadMediaController } from './download-media/download-media.http.controller.js';
import { DownloadMediaHandler } from './download-media/download-media.handler.js';
import { GetFeedController } from './get-feed/get-feed.http.controller.js';
import { GetFeedHandler } from './get-feed/get-feed.query-handler.js';
import { GetHomeController } from './get-home/get-home.http.controller.js';
import { GetHomeHandler } from './get-home/get-home.query-handler.js';
import { GetJourneyController } from './get-journey/get-journey.http.controller.js';
import { GetJourneyHandler } from './get-journey/get-journey.query-handler.js';
import { GetJourneyListController } from './get-journey-list/get-journey-list.http.controller.js';
import { GetJourneyListHandler } from './get-journey-list/get-journey-list.query-handler.js';
import { GetScormContentController } from './get-scorm-content/get-scorm-content.http.controller.js';
import { GetScormContentHandler } from './get-scorm-content/get-scorm-content.query-handler.js';
import { GetScormProgressController } from './get-scorm-progress/get-scorm-progress.http.controller.js';
import { GetScormProgressHandler } from './get-scorm-progress/get-scorm-progress.query-handler.js';
import { GetStationController } from './get-station/get-station.http.controller.js';
import { GetStationHandler } from './get-station/get-station.query-handler.js';
import { GetTrainingController } from './get-training/get-training.http.controller.js';
import { GetTrainingHandler } from './get-training/get-training.query-handler.js';
import { IssueMediaLinkController } from './issue-media-link/issue-media-link.http.controller.js';
import { IssueMediaLinkHandler } from './issue-media-link/issue-media-link.handler.js';
import { ListScormsController } from './list-scorms/list-scorms.http.controller.js';
import { ListScormsHandler } from './list-scorms/list-scorms.query-handler.js';
import { ListStationsController } from './list-stations/list-stations.http.controller.js';
import { ListStationsHandler } from './list-stations/list-stations.query-handler.js';
import { ReportScormStatusController } from './report-scorm-status/report-scorm-status.http.controller.js';
import { ReportScormStatusHandler } from './report-scorm-status/report-scorm-status.handler.js';
import { ResolveRouteController } from './resolve-route/resolve-route.http.controller.js';
import { ResolveRouteHandler } from './resolve-route/resolve-route.query-handler.js';
import { RevokeMediaLinksController } from './revoke-media-links/revoke-media-links.http.controller.js';
import { RevokeMediaLinksHandler } from './revoke-media-links/revoke-media-links.handler.js';
import { SaveScormContentController } from './save-scorm-content/save-scorm-content.http.controller.js';
import { SaveScormContentHandler } from './save-scorm-content/save-scorm-content.handler.js';
import { ServeMediaController } from './serve-media/serve-media.http.controller.js';
import { ServeMediaHandler } from './serve-media/serve-media.query-handler.js';
import { CatalogueModule } from './shared/catalogue.module.js';
import { CONTENT_DIR, resolveContentDir } from './shared/content-dir.js';
import { ScormPackages } from './shared/scorm-packages.js';
import { ScormAttempts } from './shared/scorm-attempts.js';
import { GetScormPlayerController } from './get-scorm-player/get-scorm-player.http.controller.js';
import { GetScormPlayerHandler } from './get-scorm-player/get-scorm-player.query-handler.js';
import { LearnerFactsCache } from './shared/learner-facts.cache.js';
import { LearnerFeeds } from './shared/learner-feeds.js';
import { LearnerReader } from './shared/learner-reader.js';
import { MediaLinkSigner } from './shared/media-links.js';
import { ProgressTracker } from './shared/progress-tracker.js';
import { ProgressWriter } from './shared/progress-writer.js';
import { PublishScormPackageController } from './publish-scorm-package/publish-scorm-package.http.controller.js';
import { PublishScormPackageHandler } from './publish-scorm-package/publish-scorm-package.handler.js';
import { UploadScormPackageController } from './upload-scorm-package/upload-scorm-package.http.controller.js';
import { UploadScormPackageHandler } from './upload-scorm-package/upload-scorm-package.handler.js';
import { TrackProgressController } from './track-progress/track-progress.http.controller.js';
import { TrackProgressHandler } from './track-progress/track-progress.handler.js';

registerRoutes('learning', learningRoutes);
registerRoutes('learning', scormUploadRoutes);

/** Catalogue, stations, progress, feeds, SCORM and protected media (issue 4); one folder per use case (ADR 0009). */
@Module({
  imports: [CqrsModule, CatalogueModule],
  controllers: [
    ListStationsController,
    GetStationController,
    ResolveRouteController,
    GetTrainingController,
    GetJourneyController,
    GetJourneyListController,
    TrackProgressController,
    GetFeedController,
    GetHomeController,
    ListScormsController,
    GetScormProgressController,
    ReportScormStatusController,
    GetScormContentController,
    GetScormPlayerController,
    SaveScormContentController,
    ServeMediaController,
    IssueMediaLinkController,
    RevokeMediaLinksController,
    DownloadMediaController,
    UploadScormPackageController,
    PublishScormPackageController,
  ],
  providers: [
    { provide: CONTENT_DIR, useFactory: () => resolveContentDir() },
    { provide: MediaLinkSigner, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new MediaLinkSigner(config.jwtSecret) },
    LearnerReader,
    ScormPackages,
    ScormAttempts,
    ProgressWriter,
    ProgressTracker,
    LearnerFeeds,
    LearnerFactsCache,
    TrackProgressHandler,
    ReportScormStatusHandler,
    SaveScormContentHandler,
    IssueMediaLinkHandler,
    RevokeMediaLinksHandler,
    DownloadMediaHandler,
    ListStationsHandler,
    GetStationHandler,
    ResolveRouteHandler,
    GetTrainingHandler,
    GetJourneyHandler,
    GetJourneyListHandler,
    GetFeedHandler,
    GetHomeHandler,
    ListScormsHandler,
    GetScormProgressHandler,
    GetScormContentHandler,
    GetScormPlayerHandler,
    ServeMediaHandler,
    UploadScormPackageHandler,
    PublishScormPackageHandler,
  ],
})
export class LearningModule {}
