import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { Location } from '../../contracts/index.js';

export class GetLocationQuery extends Query<Location> {
  constructor(
    readonly locationId: string,
    readonly activeOnly: boolean,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
