import { Query } from '@nestjs/cqrs';
import type { BookingAudit } from '../../contracts/index.js';

export class GetBookingAuditQuery extends Query<BookingAudit> {
  constructor(
    readonly bookingId: string,
  ) {
    super();
  }
}
