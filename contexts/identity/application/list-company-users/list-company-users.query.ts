import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { UserFindFilter, UserPage } from '../../contracts/index.js';

export class ListCompanyUsersQuery extends Query<UserPage> {
  constructor(
    readonly companyId: string,
    readonly page: Pick<UserFindFilter, 'sort' | 'order' | 'limit' | 'cursor'>,
    /** the request: its principal (the manager scope) and x-min-position (read-your-writes) */
    readonly req: PortalRequest,
  ) {
    super();
  }
}
