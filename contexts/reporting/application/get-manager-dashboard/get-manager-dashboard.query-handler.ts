import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import { inScope } from '@portal/identity/contracts';
import { CLOCK, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { dashboardFigures } from '@portal/projection-manager-dashboard';
import type { ManagerDashboard } from '../../contracts/index.js';
import { dashboardScopeOf } from '../shared/dashboard-access.js';
import { withLinks } from './dashboard-links.js';
import { GetManagerDashboardQuery } from './get-manager-dashboard.query.js';

/**
 * GET /api/manager/dashboard (issue 14, ADR 0053): one company's figures from the manager-dashboard
 * read model, each with the user-list filters it links to. A company outside the caller's scope
 * answers 404, like an unknown one.
 */
@QueryHandler(GetManagerDashboardQuery)
export class GetManagerDashboardHandler implements IQueryHandler<GetManagerDashboardQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, companyId, req }: GetManagerDashboardQuery): Promise<ManagerDashboard> {
    const scope = dashboardScopeOf(principal);
    const wanted = companyId ?? principal.companyId;
    if (!wanted) throw new AppError('app/bed-request', 'Invalid request', [{ path: 'companyId', message: 'Choose a company', code: 'invalid_type' }]);
    if (!inScope(scope, wanted)) throw new AppError('404');
    await waitForReads(this.projections, req, ['manager-dashboard']);
    const figures = await dashboardFigures(this.projections.reader('manager-dashboard'), wanted, this.clock.now().toISOString().slice(0, 10));
    if (!figures) throw new AppError('404');
    return withLinks(figures);
  }
}
