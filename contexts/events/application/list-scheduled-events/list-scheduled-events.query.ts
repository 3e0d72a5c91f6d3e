import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ScheduledEventFilter } from '@portal/projection-events-scheduled';
import type { ScheduledEventList } from '../../contracts/index.js';

export class ListScheduledEventsQuery extends Query<ScheduledEventList> {
  constructor(
    readonly filter: ScheduledEventFilter,
    readonly page: { limit: number; offset: number },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
