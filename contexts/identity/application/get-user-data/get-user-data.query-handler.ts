import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { UserData } from '../../contracts/index.js';
import { readUserData } from '../shared/user-data.js';
import { GetUserDataQuery } from './get-user-data.query.js';

/** GET /userData: the signed-in user's profile, after the caller's last write (x-min-position). */
@QueryHandler(GetUserDataQuery)
export class GetUserDataHandler implements IQueryHandler<GetUserDataQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ userId, req }: GetUserDataQuery): Promise<UserData> {
    await waitForReads(this.projections, req, ['users']);
    return readUserData(this.projections, userId);
  }
}
