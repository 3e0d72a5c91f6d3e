import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import { CLOCK, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findLocation } from '@portal/projection-booking-locations';
import { seatsTaken, slotKey } from '@portal/projection-booking-availability';
import type { Availability } from '../../contracts/index.js';
import { addDays, localDateOf, slotTimesOn, zonedToInstant } from '../../domain/index.js';
import { GetAvailabilityQuery } from './get-availability.query.js';

/**
 * Free seats per slot between two local dates of the location, clamped to what can be booked
 * (from today in the location's calendar to its horizon); slots that already started are left out.
 * Seats come from confirmations only (001 §4), so pendent bookings do not reduce them.
 */
@QueryHandler(GetAvailabilityQuery)
export class GetAvailabilityHandler implements IQueryHandler<GetAvailabilityQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input, req }: GetAvailabilityQuery): Promise<Availability> {
    await waitForReads(this.projections, req, ['booking-locations', 'booking-availability']);
    const location = await findLocation(this.projections.reader('booking-locations'), input.locationId);
    if (!location || !location.active) throw new AppError('404');
    const now = this.clock.now();
    const today = localDateOf(now, location.timezone);
    const last = addDays(today, location.schedule.horizonDays);
    const from = input.from < today ? today : input.from;
    const to = input.to > last ? last : input.to;
    const days: Availability['days'] = [];
    if (from <= to) {
      const taken = await seatsTaken(this.projections.reader('booking-availability'), location.locationId, from, to);
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const slots = slotTimesOn(location.schedule, date)
          .map((time) => {
            const startsAt = zonedToInstant(date, time, location.timezone);
            const held = taken.get(slotKey(date, time)) ?? 0;
            return { time, startsAt: startsAt.toISOString(), capacity: location.capacity, taken: held, free: Math.max(0, location.capacity - held), started: startsAt <= now };
          })
          .filter((s) => !s.started)
          .map(({ started: _started, ...slot }) => slot);
        days.push({ date, slots });
      }
    }
    return { locationId: location.locationId, timezone: location.timezone, slotMinutes: location.schedule.slotMinutes, today, days };
  }
}
