import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findLocation } from '@portal/projection-booking-locations';
import { slotCounts } from '@portal/projection-booking-calendar';
import type { Calendar } from '../../contracts/index.js';
import { addDays, slotTimesOn } from '../../domain/index.js';
import { GetCalendarQuery } from './get-calendar.query.js';

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
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ locationId, month, req }: GetCalendarQuery): Promise<Calendar> {
    await waitForReads(this.projections, req, ['booking-locations', 'booking-calendar']);
    const location = await findLocation(this.projections.reader('booking-locations'), locationId);
    if (!location) throw new AppError('404');
    const first = `${month}-01`;
    const last = lastDayOf(month);
    const counts = await slotCounts(this.projections.reader('booking-calendar'), locationId, first, last);
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
