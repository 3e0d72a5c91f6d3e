/**
 * Stored event shapes of the booking context (type names are explicit strings; a changed shape
 * gets a new schema version and an upcaster). Projections read events through these types.
 * Link tokens never appear: only their sha256 hashes. Visitor e-mails appear in BookingRequested
 * (staff need them); consistency stream names use a hash of the address instead.
 */

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One opening interval on a weekday, local time of the location ("HH:mm", closes after opens). */
export interface OpeningHours {
  weekday: IsoWeekday;
  opens: string;
  closes: string;
}

/**
 * When a training center receives visitors (ADR 0010): slots of `slotMinutes` start at each
 * interval's opening time and must end by its closing time; `closedDates` (local "YYYY-MM-DD")
 * offer nothing; bookings are taken up to `horizonDays` ahead.
 */
export interface OpeningSchedule {
  hours: OpeningHours[];
  slotMinutes: number;
  closedDates: string[];
  horizonDays: number;
}

/** Everything staff define about a training-center location (001 §3). */
export interface LocationDefinition {
  name: string;
  addressLines: string[];
  number: string;
  city: string;
  state: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  postalCode: string;
  /** Seats per slot. */
  capacity: number;
  /** IANA time zone; dates and times of the location's slots are local to it. */
  timezone: string;
  /** "#rrggbb", the location's colour on the staff calendar. */
  color: string;
  schedule: OpeningSchedule;
  /** Inactive locations take no new bookings and are hidden from the public pages. */
  active: boolean;
}

export interface LocationCreated {
  type: 'LocationCreated';
  data: LocationDefinition & { locationId: string; createdAt: string; createdBy: string };
}
/** The whole definition after the change (complete in itself). */
export interface LocationUpdated {
  type: 'LocationUpdated';
  data: LocationDefinition & { locationId: string; updatedAt: string; updatedBy: string; changed: (keyof LocationDefinition)[] };
}
export type LocationEvent = LocationCreated | LocationUpdated;

/**
 * How a booking change reached us (the audit's "from where, through which link"). `linkHash` is
 * the sha256 of the e-mailed token that was used; ip and user agent as the API saw them.
 */
export interface ChangeSource {
  channel: 'booking-form' | 'confirm-link' | 'cancel-link' | 'staff' | 'expiry-process';
  linkHash: string | null;
  ip: string | null;
  userAgent: string | null;
}

export type BookingLocale = 'pt-BR' | 'es' | 'en';

export interface Visitor {
  name: string;
  /** Normalised (trimmed, lower case). */
  email: string;
  phone: string | null;
  company: string | null;
}

export interface BookingRequested {
  type: 'BookingRequested';
  data: {
    bookingId: string;
    locationId: string;
    /** Local date and start time at the location. */
    date: string;
    time: string;
    /** The same moments as instants (UTC ISO). */
    startsAt: string;
    endsAt: string;
    timezone: string;
    visitor: Visitor;
    lang: BookingLocale;
    /** 001 §5: both must be accepted; recorded with the time they were. */
    acceptedPrivacyPolicy: true;
    acceptedVisitProtocols: true;
    confirmTokenHash: string;
    cancelTokenHash: string;
    /** A pendent booking not confirmed by then expires. */
    expiresAt: string;
    requestedAt: string;
    source: ChangeSource;
  };
}
export interface BookingConfirmed {
  type: 'BookingConfirmed';
  data: {
    bookingId: string;
    locationId: string;
    date: string;
    time: string;
    confirmedAt: string;
    by: 'visitor' | 'staff';
    /** Staff give a reason; a visitor's link confirmation has none. */
    reason: string | null;
    /** A fresh cancel link sent with the confirmation (the first one stays valid too). */
    cancelTokenHash: string | null;
    source: ChangeSource;
  };
}
export interface BookingCanceled {
  type: 'BookingCanceled';
  data: {
    bookingId: string;
    locationId: string;
    date: string;
    time: string;
    canceledAt: string;
    by: 'visitor' | 'staff';
    reason: string | null;
    previousStatus: 'pendent' | 'confirmed';
    source: ChangeSource;
  };
}
export interface BookingExpired {
  type: 'BookingExpired';
  data: { bookingId: string; locationId: string; date: string; time: string; expiresAt: string; expiredAt: string; source: ChangeSource };
}
export type BookingEvent = BookingRequested | BookingConfirmed | BookingCanceled | BookingExpired;

/** The slot's consistency stream: a confirmation holds a seat only once this is appended. */
export interface SlotSeatTaken {
  type: 'SlotSeatTaken';
  data: { locationId: string; date: string; time: string; bookingId: string; capacity: number; seatsTaken: number; takenAt: string };
}
export interface SlotSeatReleased {
  type: 'SlotSeatReleased';
  data: {
    locationId: string;
    date: string;
    time: string;
    bookingId: string;
    seatsTaken: number;
    releasedAt: string;
    reason: 'canceled' | 'expired' | 'not-confirmed';
  };
}
export type SlotEvent = SlotSeatTaken | SlotSeatReleased;

/** The visitor's consistency stream (keyed by a hash of the e-mail): the day and range rules. */
export interface VisitorBookingClaimed {
  type: 'VisitorBookingClaimed';
  data: { visitorKey: string; bookingId: string; locationId: string; date: string; time: string; claimedAt: string };
}
export interface VisitorBookingReleased {
  type: 'VisitorBookingReleased';
  data: { visitorKey: string; bookingId: string; releasedAt: string; reason: 'canceled' | 'expired' | 'not-requested' };
}
export type VisitorEvent = VisitorBookingClaimed | VisitorBookingReleased;

export type BookingContextEvent = LocationEvent | BookingEvent | SlotEvent | VisitorEvent;

export const LOCATION_EVENT_TYPES: LocationEvent['type'][] = ['LocationCreated', 'LocationUpdated'];
export const BOOKING_EVENT_TYPES: BookingEvent['type'][] = ['BookingRequested', 'BookingConfirmed', 'BookingCanceled', 'BookingExpired'];
export const SLOT_EVENT_TYPES: SlotEvent['type'][] = ['SlotSeatTaken', 'SlotSeatReleased'];
export const VISITOR_EVENT_TYPES: VisitorEvent['type'][] = ['VisitorBookingClaimed', 'VisitorBookingReleased'];

/** "09:30" -> "0930" in stream names. */
const compactTime = (time: string) => time.replace(':', '');

export const locationStream = (locationId: string) => `booking.location-${locationId}`;
export const bookingStream = (bookingId: string) => `booking.booking-${bookingId}`;
export const slotStream = (locationId: string, date: string, time: string) => `booking.slot-${locationId}-${date}-${compactTime(time)}`;
export const visitorStream = (visitorKey: string) => `booking.visitor-${visitorKey}`;
