import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { AppError } from '@portal/kernel';
import { EVENT_STORE, PROJECTIONS, requireUser, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { companyStream, type UserPage } from '../../contracts/index.js';
import { inScope } from '../../domain/index.js';
import { directoryFilterOf, directoryPage } from '../shared/user-directory.js';
import { requireManagerScope } from '../shared/manager-access.js';
import { ListCompanyUsersQuery } from './list-company-users.query.js';

/** GET /manage-users/list/{companyId}: a company out of the caller's scope, or unknown, answers 404. */
@QueryHandler(ListCompanyUsersQuery)
export class ListCompanyUsersHandler implements IQueryHandler<ListCompanyUsersQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ companyId, page, req }: ListCompanyUsersQuery): Promise<UserPage> {
    const scope = requireManagerScope(requireUser(req.principal));
    if (!inScope(scope, companyId)) throw new AppError('404');
    // the companies read model is another use case's (issue 14): whether the company exists is its stream's first event
    if ((await this.store.readStream(companyStream(companyId), { limit: 1 })).length === 0) throw new AppError('404');
    await waitForReads(this.projections, req, ['users']);
    return directoryPage(this.projections, scope, directoryFilterOf({ companyId }), page);
  }
}
