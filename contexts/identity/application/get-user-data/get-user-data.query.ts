import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { UserData } from '../../contracts/index.js';

export class GetUserDataQuery extends Query<UserData> {
  constructor(
    readonly userId: string,
    /** the request, for read-your-writes (its x-min-position) */
    readonly req: PortalRequest,
  ) {
    super();
  }
}
