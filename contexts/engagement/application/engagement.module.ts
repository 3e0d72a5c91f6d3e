import { Module } from '@nestjs/common';
import { registerRoutes } from '@portal/platform';
import { engagementRoutes } from '../contracts/index.js';
import { NotificationsController } from './notifications/notifications.http.controller.js';
import { SearchController } from './search/search.http.controller.js';
import { PagesController } from './pages/pages.http.controller.js';
import { SupportController } from './support/support.http.controller.js';
import { TrackingController } from './tracking/tracking.http.controller.js';

registerRoutes('engagement', engagementRoutes);

/** Support, notification messages, tracking and search for the app shell (issue 6). */
@Module({ controllers: [SupportController, NotificationsController, TrackingController, SearchController, PagesController] })
export class EngagementModule {}
