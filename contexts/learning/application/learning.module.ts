import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { learningRoutes } from '../contracts/index.js';
import { FeedsController } from './feeds/feeds.http.controller.js';
import { FeedsService } from './feeds/feeds.service.js';
import { LearnerFactsCache } from './feeds/learner-facts.cache.js';
import { CONTENT_DIR, MediaController } from './media/media.http.controller.js';
import { ScormController } from './scorm/scorm.http.controller.js';
import { CatalogueModule } from './shared/catalogue.module.js';
import { resolveContentDir } from './shared/content-dir.js';
import { LearnerReader } from './shared/learner-reader.js';
import { ProgressWriter } from './shared/progress-writer.js';
import { StationsController } from './stations/stations.http.controller.js';
import { STATION_QUERY_HANDLERS } from './stations/stations.handlers.js';
import { TrackProgressController } from './track-progress/track-progress.http.controller.js';
import { TrackProgressHandler } from './track-progress/track-progress.handler.js';

registerRoutes('learning', learningRoutes);

/** Catalogue, stations, progress, feeds, SCORM and protected media (issue 4). */
@Module({
  imports: [CqrsModule, CatalogueModule],
  controllers: [StationsController, TrackProgressController, FeedsController, ScormController, MediaController],
  providers: [
    { provide: CONTENT_DIR, useFactory: () => resolveContentDir() },
    LearnerReader,
    ProgressWriter,
    FeedsService,
    LearnerFactsCache,
    TrackProgressHandler,
    ...STATION_QUERY_HANDLERS,
  ],
})
export class LearningModule {}
