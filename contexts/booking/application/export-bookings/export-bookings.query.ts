import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { BookingFilterInput } from '../shared/staff-rows.js';

export class ExportBookingsQuery extends Query<string> {
  constructor(
    readonly filter: BookingFilterInput,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
