import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { Calendar } from '../../contracts/index.js';

export class GetCalendarQuery extends Query<Calendar> {
  constructor(
    readonly locationId: string,
    readonly month: string,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
