import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { UserFindFilter, UserPage } from '../../contracts/index.js';

export class FindUsersQuery extends Query<UserPage> {
  constructor(
    readonly query: UserFindFilter,
    /** the request: its principal (the manager scope) and x-min-position (read-your-writes) */
    readonly req: PortalRequest,
  ) {
    super();
  }
}
