import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { AttendeeList } from '../../contracts/index.js';

export class ListAttendeesQuery extends Query<AttendeeList> {
  constructor(
    readonly eventId: string,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
