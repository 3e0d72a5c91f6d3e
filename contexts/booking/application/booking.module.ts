import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { APP_CONFIG, EVENT_STORE, registerRoutes, type AppConfig } from '@portal/platform';
import { bookingRoutes } from '../contracts/index.js';
import { AuditController, GetBookingAuditHandler } from './audit/audit.handler.js';
import { AvailabilityController } from './availability/availability.http.controller.js';
import { GetAvailabilityHandler } from './availability/availability.handler.js';
import { BookingLinkController } from './booking-link/booking-link.http.controller.js';
import { CancelByLinkHandler, ConfirmByLinkHandler, ViewBookingLinkHandler } from './booking-link/booking-link.handlers.js';
import { CalendarController, GetCalendarHandler } from './calendar/calendar.handler.js';
import { CreateLocationController } from './create-location/create-location.http.controller.js';
import { CreateLocationHandler } from './create-location/create-location.handler.js';
import { BookingExpiryProcess } from './expiry/booking-expiry.process.js';
import { LocationsController } from './locations/locations.http.controller.js';
import { GetLocationHandler, ListCountriesHandler, ListLocationsHandler } from './locations/locations.queries.js';
import { RequestBookingController } from './request-booking/request-booking.http.controller.js';
import { RequestBookingHandler } from './request-booking/request-booking.handler.js';
import { BookingFlows } from './shared/booking-flows.js';
import { BookingMailer } from './shared/booking-mail.js';
import { BookingReadModels } from './shared/read-models.js';
import { SeatKeeper } from './shared/seat-keeper.js';
import { BOOKING_SETTINGS } from './shared/settings.js';
import { ChangeBookingStatusHandler } from './staff-bookings/change-booking-status.handler.js';
import { StaffBookingsController } from './staff-bookings/staff-bookings.http.controller.js';
import { ExportBookingsHandler, ListBookingsHandler } from './staff-bookings/staff-bookings.queries.js';
import { UpdateLocationController } from './update-location/update-location.http.controller.js';
import { UpdateLocationHandler } from './update-location/update-location.handler.js';

registerRoutes('booking', bookingRoutes);

/** Training-center booking (001 §1-§8): locations, public booking by e-mailed links, staff screens, audit. */
@Module({
  imports: [CqrsModule],
  controllers: [
    LocationsController,
    CreateLocationController,
    UpdateLocationController,
    AvailabilityController,
    RequestBookingController,
    BookingLinkController,
    StaffBookingsController,
    CalendarController,
    AuditController,
  ],
  providers: [
    { provide: BOOKING_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.booking },
    { provide: SeatKeeper, useFactory: (store: EventStore) => new SeatKeeper(store), inject: [EVENT_STORE] },
    BookingFlows,
    BookingMailer,
    BookingReadModels,
    ListLocationsHandler,
    GetLocationHandler,
    ListCountriesHandler,
    CreateLocationHandler,
    UpdateLocationHandler,
    GetAvailabilityHandler,
    RequestBookingHandler,
    ViewBookingLinkHandler,
    ConfirmByLinkHandler,
    CancelByLinkHandler,
    ListBookingsHandler,
    ExportBookingsHandler,
    ChangeBookingStatusHandler,
    GetCalendarHandler,
    GetBookingAuditHandler,
    BookingExpiryProcess,
  ],
  exports: [BookingExpiryProcess],
})
export class BookingModule {}
