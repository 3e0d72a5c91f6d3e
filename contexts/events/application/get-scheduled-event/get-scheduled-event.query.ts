import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';

export class GetScheduledEventQuery extends Query<ScheduledEvent> {
  constructor(
    readonly eventId: string,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
