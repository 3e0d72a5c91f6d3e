import { Controller, Get, Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import type { Checkpoint } from '@portal/eventstore';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import { findLocation } from '@portal/projection-booking-locations';
import { slotCounts } from '@portal/projection-booking-calendar';
import { calendarQuerySchema, type Calendar } from '../../contracts/index.js';
import { addDays, slotTimesOn } from '../../domain/index.js';
import { minPositionOf } from '../shared/request-info.js';
import { BookingReadModels } from '../shared/read-models.js';

export class GetCalendarQuery extends Query<Calendar> {
  constructor(
    readonly locationId: string,
    readonly month: string,
    readonly minPosition: Checkpoint | null,
  ) {
    super();
  }
}

const lastDayOf = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * A month of one location for the staff calendar, in the location's colour: every day with its
 * opening (from the schedule) and the confirmed and pendent bookings per slot, including slots
 * that still hold bookings after the schedule changed.
 */
@QueryHandler(GetCalendarQuery)
export class GetCalendarHandler implements IQueryHandler<GetCalendarQuery> {
  constructor(@Inject(BookingReadModels) private readonly readModels: BookingReadModels) {}

  async execute({ locationId, month, minPosition }: GetCalendarQuery): Promise<Calendar> {
    await this.readModels.waitFor(['booking-locations', 'booking-calendar'], minPosition);
    const location = await findLocation(this.readModels.reader('booking-locations'), locationId);
    if (!location) throw new AppError('404');
    const first = `${month}-01`;
    const last = lastDayOf(month);
    const counts = await slotCounts(this.readModels.reader('booking-calendar'), locationId, first, last);
    const days: Calendar['days'] = [];
    for (let date = first; date <= last; date = addDays(date, 1)) {
      const offered = slotTimesOn(location.schedule, date);
      const booked = counts.filter((c) => c.date === date);
      const times = [...new Set([...offered, ...booked.map((b) => b.time)])].sort();
      const slots = times.map((time) => {
        const c = booked.find((b) => b.time === time);
        return { time, capacity: location.capacity, confirmed: c?.confirmed ?? 0, pendent: c?.pendent ?? 0 };
      });
      days.push({
        date,
        open: offered.length > 0,
        confirmed: slots.reduce((n, s) => n + s.confirmed, 0),
        pendent: slots.reduce((n, s) => n + s.pendent, 0),
        slots,
      });
    }
    return { locationId, name: location.name, color: location.color, timezone: location.timezone, month, days };
  }
}

@Controller()
export class CalendarController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('booking/staff/calendar')
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  calendar(@ZodQuery(calendarQuerySchema) query: { locationId: string; month: string }, @CurrentRequest() req: PortalRequest): Promise<Calendar> {
    return this.queries.execute(new GetCalendarQuery(query.locationId, query.month, minPositionOf(req)));
  }
}
