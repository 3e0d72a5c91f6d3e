import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { Availability, AvailabilityQuery } from '../../contracts/index.js';

export class GetAvailabilityQuery extends Query<Availability> {
  constructor(
    readonly input: AvailabilityQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
