import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { reportingRoutes } from '../contracts/index.js';
import { AuditModule } from './audit.module.js';
import { GetManagerDashboardController } from './get-manager-dashboard/get-manager-dashboard.http.controller.js';
import { GetManagerDashboardHandler } from './get-manager-dashboard/get-manager-dashboard.handler.js';
import { ListDashboardCompaniesController } from './list-dashboard-companies/list-dashboard-companies.http.controller.js';
import { ListDashboardCompaniesHandler } from './list-dashboard-companies/list-dashboard-companies.handler.js';

registerRoutes('reporting', reportingRoutes);

/**
 * The reporting context (ADR 0053): managers' read-only views over the other contexts' events,
 * each served from a projection of its own; it decides nothing and records no events. One folder
 * per use case (ADR 0009 §2).
 */
@Module({
  imports: [CqrsModule, AuditModule],
  controllers: [ListDashboardCompaniesController, GetManagerDashboardController],
  providers: [GetManagerDashboardHandler, ListDashboardCompaniesHandler],
})
export class ReportingModule {}
