import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { Company } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class GetManagerCompanyQuery extends Query<Company> {
  constructor(
    readonly principal: UserPrincipal,
    /** the request, for read-your-writes (its x-min-position) */
    readonly req: PortalRequest,
  ) {
    super();
  }
}
