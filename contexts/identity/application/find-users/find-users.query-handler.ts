import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, requireUser, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { UserPage } from '../../contracts/index.js';
import { directoryFilterOf, directoryPage } from '../shared/user-directory.js';
import { requireManagerScope } from '../shared/manager-access.js';
import { FindUsersQuery } from './find-users.query.js';

/** GET /manage-users/find: free text and filters, always inside the caller's manager scope. */
@QueryHandler(FindUsersQuery)
export class FindUsersHandler implements IQueryHandler<FindUsersQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ query, req }: FindUsersQuery): Promise<UserPage> {
    const scope = requireManagerScope(requireUser(req.principal));
    await waitForReads(this.projections, req, ['users']);
    const { sort, order, limit, cursor, ...filter } = query;
    return directoryPage(this.projections, scope, directoryFilterOf(filter), { sort, order, limit, cursor });
  }
}
