import type { ProjectionDefinition } from '@portal/projections-runtime';
import { usersProjection } from '@portal/projection-users';
import { engagementProjection } from '@portal/projection-engagement';
import { bookingLocationsProjection } from '@portal/projection-booking-locations';
import { bookingAvailabilityProjection } from '@portal/projection-booking-availability';
import { bookingBookingsProjection } from '@portal/projection-booking-bookings';
import { bookingCalendarProjection } from '@portal/projection-booking-calendar';

/** Every read model the API serves (composition root). */
export const PROJECTIONS_LIST: ProjectionDefinition[] = [usersProjection, engagementProjection, bookingLocationsProjection, bookingAvailabilityProjection, bookingBookingsProjection, bookingCalendarProjection];
