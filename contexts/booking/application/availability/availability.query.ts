import { Query } from '@nestjs/cqrs';
import type { Checkpoint } from '@portal/eventstore';
import type { Availability, AvailabilityQuery } from '../../contracts/index.js';

export class GetAvailabilityQuery extends Query<Availability> {
  constructor(
    readonly input: AvailabilityQuery,
    readonly minPosition: Checkpoint | null,
  ) {
    super();
  }
}
