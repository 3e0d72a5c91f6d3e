import { Query } from '@nestjs/cqrs';
import type { PublicBooking } from '../../contracts/index.js';

export class ViewBookingLinkQuery extends Query<PublicBooking> {
  constructor(readonly token: string) {
    super();
  }
}
