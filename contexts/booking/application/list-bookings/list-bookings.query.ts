import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { BookingList } from '../../contracts/index.js';
import type { BookingFilterInput } from '../shared/staff-rows.js';

export class ListBookingsQuery extends Query<BookingList> {
  constructor(
    readonly filter: BookingFilterInput,
    readonly page: { limit: number; offset: number },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
