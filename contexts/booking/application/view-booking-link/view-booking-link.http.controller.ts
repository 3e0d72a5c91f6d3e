import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public, ZodBody } from '@portal/platform';
import { tokenRequestSchema, type PublicBooking, type TokenRequest } from '../../contracts/index.js';
import { ViewBookingLinkQuery } from './view-booking-link.query.js';

/**
 * The e-mailed links open SPA pages (/public/booking/confirm?token=..., /cancel?token=...) that
 * call these. Tokens travel in POST bodies, so they stay out of request logs.
 */
@Controller()
export class ViewBookingLinkController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Post('booking/link')
  @HttpCode(200)
  @Public()
  view(@ZodBody(tokenRequestSchema) body: TokenRequest): Promise<PublicBooking> {
    return this.queries.execute(new ViewBookingLinkQuery(body.token));
  }
}
