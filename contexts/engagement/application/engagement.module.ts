import { Module } from '@nestjs/common';
import { registerRoutes } from '@portal/platform';
import { engagementRoutes } from '../contracts/index.js';
import { NotificationsController } from './notifications/notifications.http.controller.js';
import { SupportController } from './support/support.http.controller.js';
import { TrackingController } from './tracking/tracking.http.controller.js';

registerRoutes('engagement', engagementRoutes);

/** Support, notification messages, tracking and search for the app shell (issue 6). */
@Module({ controllers: [SupportController, NotificationsController, TrackingController] })
export class EngagementModule {}
