import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, ZodParams } from '@portal/platform';
import { bookingIdParamsSchema, type BookingAudit } from '../../contracts/index.js';
import { GetBookingAuditQuery } from './get-booking-audit.query.js';

@Controller()
export class GetBookingAuditController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Read-only access of the auditor role (architecture §4). */
  @Get('booking/audit/:bookingId')
  @Authorized({ roles: ['auditor'] })
  audit(@ZodParams(bookingIdParamsSchema) params: { bookingId: string }): Promise<BookingAudit> {
    return this.queries.execute(new GetBookingAuditQuery(params.bookingId));
  }
}
