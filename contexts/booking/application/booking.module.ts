import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { APP_CONFIG, EVENT_STORE, registerRoutes, type AppConfig } from '@portal/platform';
import { bookingRoutes } from '../contracts/index.js';
import { CancelByLinkController } from './cancel-by-link/cancel-by-link.http.controller.js';
import { CancelByLinkHandler } from './cancel-by-link/cancel-by-link.handler.js';
import { ChangeBookingStatusController } from './change-booking-status/change-booking-status.http.controller.js';
import { ChangeBookingStatusHandler } from './change-booking-status/change-booking-status.handler.js';
import { ConfirmByLinkController } from './confirm-by-link/confirm-by-link.http.controller.js';
import { ConfirmByLinkHandler } from './confirm-by-link/confirm-by-link.handler.js';
import { CreateLocationController } from './create-location/create-location.http.controller.js';
import { CreateLocationHandler } from './create-location/create-location.handler.js';
import { BookingExpiryProcess } from './expiry/booking-expiry.process.js';
import { ExportBookingsController } from './export-bookings/export-bookings.http.controller.js';
import { ExportBookingsHandler } from './export-bookings/export-bookings.query-handler.js';
import { GetAvailabilityController } from './get-availability/get-availability.http.controller.js';
import { GetAvailabilityHandler } from './get-availability/get-availability.query-handler.js';
import { GetBookingAuditController } from './get-booking-audit/get-booking-audit.http.controller.js';
import { GetBookingAuditHandler } from './get-booking-audit/get-booking-audit.query-handler.js';
import { GetCalendarController } from './get-calendar/get-calendar.http.controller.js';
import { GetCalendarHandler } from './get-calendar/get-calendar.query-handler.js';
import { GetLocationController } from './get-location/get-location.http.controller.js';
import { GetLocationHandler } from './get-location/get-location.query-handler.js';
import { ListBookingsController } from './list-bookings/list-bookings.http.controller.js';
import { ListBookingsHandler } from './list-bookings/list-bookings.query-handler.js';
import { ListCountriesController } from './list-countries/list-countries.http.controller.js';
import { ListCountriesHandler } from './list-countries/list-countries.query-handler.js';
import { ListLocationsController } from './list-locations/list-locations.http.controller.js';
import { ListLocationsHandler } from './list-locations/list-locations.query-handler.js';
import { RequestBookingController } from './request-booking/request-booking.http.controller.js';
import { RequestBookingHandler } from './request-booking/request-booking.handler.js';
import { BookingFlows } from './shared/booking-flows.js';
import { BookingMailer } from './shared/booking-mail.js';
import { SeatKeeper } from './shared/seat-keeper.js';
import { BOOKING_SETTINGS } from './shared/settings.js';
import { UpdateLocationController } from './update-location/update-location.http.controller.js';
import { UpdateLocationHandler } from './update-location/update-location.handler.js';
import { ViewBookingLinkController } from './view-booking-link/view-booking-link.http.controller.js';
import { ViewBookingLinkHandler } from './view-booking-link/view-booking-link.query-handler.js';

registerRoutes('booking', bookingRoutes);

/** Training-center booking (001 §1-§8): locations, public booking by e-mailed links, staff screens, audit. One folder per use case (ADR 0009 §2). */
@Module({
  imports: [CqrsModule],
  controllers: [
    ListCountriesController,
    ListLocationsController,
    GetLocationController,
    CreateLocationController,
    UpdateLocationController,
    GetAvailabilityController,
    RequestBookingController,
    ViewBookingLinkController,
    ConfirmByLinkController,
    CancelByLinkController,
    ListBookingsController,
    ExportBookingsController,
    ChangeBookingStatusController,
    GetCalendarController,
    GetBookingAuditController,
  ],
  providers: [
    { provide: BOOKING_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.booking },
    { provide: SeatKeeper, useFactory: (store: EventStore) => new SeatKeeper(store), inject: [EVENT_STORE] },
    BookingFlows,
    BookingMailer,
    ListCountriesHandler,
    ListLocationsHandler,
    GetLocationHandler,
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
