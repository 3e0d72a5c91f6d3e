import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PublicBooking } from '../../contracts/index.js';
import { BookingFlows } from '../shared/booking-flows.js';
import { resolveLink } from '../shared/booking-links.js';
import { ViewBookingLinkQuery } from './view-booking-link.query.js';

/** What an e-mailed link refers to (read from the booking's own stream, so a fresh link works at once). */
@QueryHandler(ViewBookingLinkQuery)
export class ViewBookingLinkHandler implements IQueryHandler<ViewBookingLinkQuery> {
  constructor(@Inject(BookingFlows) private readonly flows: BookingFlows) {}

  async execute({ token }: ViewBookingLinkQuery): Promise<PublicBooking> {
    const { loaded, location, action } = await resolveLink(this.flows, token);
    return this.flows.publicView(loaded, location, action);
  }
}
