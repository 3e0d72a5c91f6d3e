import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { Location } from '../../contracts/index.js';

export class ListLocationsQuery extends Query<Location[]> {
  constructor(
    readonly filter: { country?: string; activeOnly: boolean },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
