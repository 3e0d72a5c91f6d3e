import { Inject, Injectable } from '@nestjs/common';
import type { Checkpoint } from '@portal/eventstore';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { bookingAvailabilityProjection } from '@portal/projection-booking-availability';
import { bookingBookingsProjection } from '@portal/projection-booking-bookings';
import { bookingCalendarProjection } from '@portal/projection-booking-calendar';
import { bookingLocationsProjection } from '@portal/projection-booking-locations';

const DEFINITIONS = [bookingLocationsProjection, bookingAvailabilityProjection, bookingBookingsProjection, bookingCalendarProjection];
export type BookingReadModel = (typeof DEFINITIONS)[number]['name'];

/**
 * The booking read models and read-your-writes over them. The runtime's waitFor counts a position
 * held by an event of another type (the visitor stream's, another context's) as reached once the
 * read model's runner has looked past it.
 */
@Injectable()
export class BookingReadModels {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  reader(name: BookingReadModel) {
    return this.projections.reader(name);
  }

  async waitFor(names: BookingReadModel[], target: Checkpoint | null, timeoutMs = 3000): Promise<void> {
    await this.projections.waitForAll(names, target, timeoutMs);
  }
}
