import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ManagedUser } from '../../contracts/index.js';

export class GetManagedUserQuery extends Query<ManagedUser> {
  constructor(
    readonly userId: string,
    /** the request: its principal (the manager scope) and x-min-position (read-your-writes) */
    readonly req: PortalRequest,
  ) {
    super();
  }
}
