/**
 * Stored events of the booking context, defined once with zod (ADR 0009 §4): the TypeScript types
 * are inferred from the schemas. Type names are explicit strings (renaming code never changes
 * stored data); a changed shape gets a new schema version and an upcaster in `bookingEvents`.
 * Link tokens never appear: only their sha256 hashes. Visitor e-mails appear in BookingRequested
 * (staff need them); consistency stream names use a hash of the address instead.
 *
 * Streams (ADR 0010):
 * - booking.location-<locationId>            LocationCreated, LocationUpdated
 * - booking.booking-<bookingId>              BookingRequested, BookingConfirmed, BookingCanceled, BookingExpired
 * - booking.slot-<locationId>-<date>-<hhmm>  SlotSeatTaken, SlotSeatReleased (the capacity's consistency stream)
 * - booking.visitor-<visitorKey>             VisitorBookingClaimed, VisitorBookingReleased (day and range rules)
 */
import { z } from 'zod';
import { defineEvents, mergeEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { storedOpeningHoursSchema } from './shapes.js';

export type { IsoWeekday, OpeningHours } from './shapes.js';

/**
 * When a training center receives visitors (ADR 0010): slots of `slotMinutes` start at each
 * interval's opening time and must end by its closing time; `closedDates` (local "YYYY-MM-DD")
 * offer nothing; bookings are taken up to `horizonDays` ahead.
 */
const storedOpeningScheduleSchema = z.object({
  hours: z.array(storedOpeningHoursSchema),
  slotMinutes: z.number(),
  closedDates: z.array(z.string()),
  horizonDays: z.number(),
});
export type OpeningSchedule = z.infer<typeof storedOpeningScheduleSchema>;

/** Everything staff define about a training-center location (001 §3). */
const storedLocationDefinitionSchema = z.object({
  name: z.string(),
  addressLines: z.array(z.string()),
  number: z.string(),
  city: z.string(),
  state: z.string(),
  /** ISO 3166-1 alpha-2 */
  country: z.string(),
  postalCode: z.string(),
  /** Seats per slot. */
  capacity: z.number(),
  /** IANA time zone; dates and times of the location's slots are local to it. */
  timezone: z.string(),
  /** "#rrggbb", the location's colour on the staff calendar. */
  color: z.string(),
  schedule: storedOpeningScheduleSchema,
  /** Inactive locations take no new bookings and are hidden from the public pages. */
  active: z.boolean(),
});
export type LocationDefinition = z.infer<typeof storedLocationDefinitionSchema>;

const locationDefinitionKeySchema = storedLocationDefinitionSchema.keyof();

const locationCreatedSchema = storedLocationDefinitionSchema.extend({ locationId: z.string(), createdAt: z.string(), createdBy: z.string() });
/** The whole definition after the change (complete in itself). */
const locationUpdatedSchema = storedLocationDefinitionSchema.extend({
  locationId: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  changed: z.array(locationDefinitionKeySchema),
});

/**
 * How a booking change reached us (the audit's "from where, through which link"). `linkHash` is
 * the sha256 of the e-mailed token that was used; ip and user agent as the API saw them.
 */
const changeSourceSchema = z.object({
  channel: z.enum(['booking-form', 'confirm-link', 'cancel-link', 'staff', 'expiry-process']),
  linkHash: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ChangeSource = z.infer<typeof changeSourceSchema>;

const bookingLocaleSchema = z.enum(['pt-BR', 'es', 'en']);
export type BookingLocale = z.infer<typeof bookingLocaleSchema>;

const visitorSchema = z.object({
  name: z.string(),
  /** Normalised (trimmed, lower case). */
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
});
export type Visitor = z.infer<typeof visitorSchema>;

const bookingRequestedSchema = z.object({
  bookingId: z.string(),
  locationId: z.string(),
  /** Local date and start time at the location. */
  date: z.string(),
  time: z.string(),
  /** The same moments as instants (UTC ISO). */
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  visitor: visitorSchema,
  lang: bookingLocaleSchema,
  /** 001 §5: both must be accepted; recorded with the time they were. */
  acceptedPrivacyPolicy: z.literal(true),
  acceptedVisitProtocols: z.literal(true),
  confirmTokenHash: z.string(),
  cancelTokenHash: z.string(),
  /** A pendent booking not confirmed by then expires. */
  expiresAt: z.string(),
  requestedAt: z.string(),
  source: changeSourceSchema,
});
const bookingConfirmedSchema = z.object({
  bookingId: z.string(),
  locationId: z.string(),
  date: z.string(),
  time: z.string(),
  confirmedAt: z.string(),
  by: z.enum(['visitor', 'staff']),
  /** Staff give a reason; a visitor's link confirmation has none. */
  reason: z.string().nullable(),
  /** A fresh cancel link sent with the confirmation (the first one stays valid too). */
  cancelTokenHash: z.string().nullable(),
  source: changeSourceSchema,
});
const bookingCanceledSchema = z.object({
  bookingId: z.string(),
  locationId: z.string(),
  date: z.string(),
  time: z.string(),
  canceledAt: z.string(),
  by: z.enum(['visitor', 'staff']),
  reason: z.string().nullable(),
  previousStatus: z.enum(['pendent', 'confirmed']),
  source: changeSourceSchema,
});
const bookingExpiredSchema = z.object({
  bookingId: z.string(),
  locationId: z.string(),
  date: z.string(),
  time: z.string(),
  expiresAt: z.string(),
  expiredAt: z.string(),
  source: changeSourceSchema,
});

/** The slot's consistency stream: a confirmation holds a seat only once this is appended. */
const slotSeatTakenSchema = z.object({
  locationId: z.string(),
  date: z.string(),
  time: z.string(),
  bookingId: z.string(),
  capacity: z.number(),
  seatsTaken: z.number(),
  takenAt: z.string(),
});
const slotSeatReleasedSchema = z.object({
  locationId: z.string(),
  date: z.string(),
  time: z.string(),
  bookingId: z.string(),
  seatsTaken: z.number(),
  releasedAt: z.string(),
  reason: z.enum(['canceled', 'expired', 'not-confirmed']),
});

/** The visitor's consistency stream (keyed by a hash of the e-mail): the day and range rules. */
const visitorBookingClaimedSchema = z.object({
  visitorKey: z.string(),
  bookingId: z.string(),
  locationId: z.string(),
  date: z.string(),
  time: z.string(),
  claimedAt: z.string(),
});
const visitorBookingReleasedSchema = z.object({
  visitorKey: z.string(),
  bookingId: z.string(),
  releasedAt: z.string(),
  reason: z.enum(['canceled', 'expired', 'not-requested']),
});

export const locationEvents = defineEvents({ LocationCreated: locationCreatedSchema, LocationUpdated: locationUpdatedSchema });
export const bookingLifeEvents = defineEvents({
  BookingRequested: bookingRequestedSchema,
  BookingConfirmed: bookingConfirmedSchema,
  BookingCanceled: bookingCanceledSchema,
  BookingExpired: bookingExpiredSchema,
});
export const slotEvents = defineEvents({ SlotSeatTaken: slotSeatTakenSchema, SlotSeatReleased: slotSeatReleasedSchema });
export const visitorEvents = defineEvents({ VisitorBookingClaimed: visitorBookingClaimedSchema, VisitorBookingReleased: visitorBookingReleasedSchema });
/** Every stored event of the booking context (projections, the audit). */
export const bookingEvents = mergeEvents(locationEvents, bookingLifeEvents, slotEvents, visitorEvents);

export type LocationEvent = EventOf<typeof locationEvents.schemas>;
export type LocationCreated = Extract<LocationEvent, { type: 'LocationCreated' }>;
export type LocationUpdated = Extract<LocationEvent, { type: 'LocationUpdated' }>;
export type BookingEvent = EventOf<typeof bookingLifeEvents.schemas>;
export type BookingRequested = Extract<BookingEvent, { type: 'BookingRequested' }>;
export type BookingConfirmed = Extract<BookingEvent, { type: 'BookingConfirmed' }>;
export type BookingCanceled = Extract<BookingEvent, { type: 'BookingCanceled' }>;
export type BookingExpired = Extract<BookingEvent, { type: 'BookingExpired' }>;
export type SlotEvent = EventOf<typeof slotEvents.schemas>;
export type SlotSeatTaken = Extract<SlotEvent, { type: 'SlotSeatTaken' }>;
export type SlotSeatReleased = Extract<SlotEvent, { type: 'SlotSeatReleased' }>;
export type VisitorEvent = EventOf<typeof visitorEvents.schemas>;
export type VisitorBookingClaimed = Extract<VisitorEvent, { type: 'VisitorBookingClaimed' }>;
export type VisitorBookingReleased = Extract<VisitorEvent, { type: 'VisitorBookingReleased' }>;

export type BookingContextEvent = LocationEvent | BookingEvent | SlotEvent | VisitorEvent;

export const LOCATION_EVENT_TYPES: LocationEvent['type'][] = locationEvents.types;
export const BOOKING_EVENT_TYPES: BookingEvent['type'][] = bookingLifeEvents.types;
export const SLOT_EVENT_TYPES: SlotEvent['type'][] = slotEvents.types;
export const VISITOR_EVENT_TYPES: VisitorEvent['type'][] = visitorEvents.types;

/** "09:30" -> "0930" in stream names. */
const compactTime = (time: string) => time.replace(':', '');

export const locationStream = (locationId: string) => `booking.location-${locationId}`;
export const bookingStream = (bookingId: string) => `booking.booking-${bookingId}`;
export const slotStream = (locationId: string, date: string, time: string) => `booking.slot-${locationId}-${date}-${compactTime(time)}`;
export const visitorStream = (visitorKey: string) => `booking.visitor-${visitorKey}`;
