import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, requireUser, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findDirectoryUser } from '@portal/projection-users';
import type { ManagedUser } from '../../contracts/index.js';
import { inScope } from '../../domain/index.js';
import { toManagedUser } from '../shared/user-directory.js';
import { requireManagerScope } from '../shared/manager-access.js';
import { GetManagedUserQuery } from './get-managed-user.query.js';

/** GET /manage-users/user/{userId}: the edit drawer's user; out of scope answers 404 like unknown. */
@QueryHandler(GetManagedUserQuery)
export class GetManagedUserHandler implements IQueryHandler<GetManagedUserQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ userId, req }: GetManagedUserQuery): Promise<ManagedUser> {
    const scope = requireManagerScope(requireUser(req.principal));
    await waitForReads(this.projections, req, ['users']);
    const row = await findDirectoryUser(this.projections.reader('users'), userId);
    if (!row || !inScope(scope, row.company_id)) throw new AppError('user-not-found');
    return toManagedUser(row);
  }
}
