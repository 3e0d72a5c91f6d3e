import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ScheduledEventList } from '../../contracts/index.js';

export class ListMyEventsQuery extends Query<ScheduledEventList> {
  constructor(
    readonly when: 'upcoming' | 'past' | 'all',
    readonly page: { limit: number; offset: number },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
