/** HTTP contracts of the booking context (schemas and the routes table, paths under /api), shared by the API and the SPA. */
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';
import { auditedEventSchema, streamVerificationSchema, wholeLogVerificationSchema } from '@portal/eventstore/event-schemas';

export const BOOKING_STATUSES = ['pendent', 'confirmed', 'canceled', 'expired'] as const;
export type BookingStatusName = (typeof BOOKING_STATUSES)[number];

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date').refine(isRealDate, 'date');
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month');
export const countryCodeSchema = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country');
const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
export const timezoneSchema = z.string().trim().min(1).max(64).refine(isTimeZone, 'timezone');
export const colorSchema = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'color');
const text = (max: number) => z.string().trim().max(max);
const uuidSchema = z.string().uuid();

export const openingHoursSchema = z.object({
  /** ISO weekday, 1 = Monday ... 7 = Sunday */
  weekday: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)]),
  opens: timeSchema,
  closes: timeSchema,
});
export const openingScheduleSchema = z.object({
  hours: z.array(openingHoursSchema).min(1).max(21),
  slotMinutes: z.number().int().min(15).max(480),
  closedDates: z.array(dateSchema).max(366).default([]),
  horizonDays: z.number().int().min(1).max(365).default(60),
});
export type OpeningScheduleInput = z.input<typeof openingScheduleSchema>;

const locationFields = {
  name: text(120).min(1),
  addressLines: z.array(text(200)).min(1).max(3),
  number: text(20),
  city: text(120).min(1),
  state: text(120),
  country: countryCodeSchema,
  postalCode: text(20),
  capacity: z.number().int().min(1).max(500),
  timezone: timezoneSchema,
  color: colorSchema,
  schedule: openingScheduleSchema,
  active: z.boolean(),
};

export const locationDefinitionSchema = z.object({
  ...locationFields,
  number: locationFields.number.default(''),
  state: locationFields.state.default(''),
  postalCode: locationFields.postalCode.default(''),
  active: locationFields.active.default(true),
});
export type LocationInput = z.input<typeof locationDefinitionSchema>;
export type LocationDefinitionBody = z.output<typeof locationDefinitionSchema>;

/** Only the fields sent change (no defaults here, so an absent field stays as it is). */
export const locationUpdateSchema = z
  .object(locationFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'required');
export type LocationUpdateBody = z.output<typeof locationUpdateSchema>;

export const locationSchema = z.object({
  locationId: z.string(),
  name: z.string(),
  addressLines: z.array(z.string()),
  number: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
  capacity: z.number().int(),
  timezone: z.string(),
  color: z.string(),
  schedule: z.object({
    hours: z.array(openingHoursSchema),
    slotMinutes: z.number().int(),
    closedDates: z.array(z.string()),
    horizonDays: z.number().int(),
  }),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;
export const locationListSchema = z.array(locationSchema);

export const locationIdParamsSchema = z.object({ locationId: uuidSchema });
export const bookingIdParamsSchema = z.object({ bookingId: uuidSchema });

export const langQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
export const locationsQuerySchema = z.object({ country: countryCodeSchema.optional() });

export const countrySchema = z.object({ country: z.string(), displayName: z.string(), locations: z.number().int() });
export const countryListSchema = z.array(countrySchema);
export type BookingCountry = z.infer<typeof countrySchema>;

/** At most two months of slots per call. */
export const AVAILABILITY_MAX_DAYS = 62;
export const availabilityQuerySchema = z
  .object({ locationId: uuidSchema, from: dateSchema, to: dateSchema })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'range' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < AVAILABILITY_MAX_DAYS, { path: ['to'], message: 'range' });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const availableSlotSchema = z.object({
  time: z.string(),
  startsAt: z.string(),
  capacity: z.number().int(),
  taken: z.number().int(),
  free: z.number().int(),
});
export const availabilitySchema = z.object({
  locationId: z.string(),
  timezone: z.string(),
  slotMinutes: z.number().int(),
  /** Today in the location's calendar. */
  today: z.string(),
  days: z.array(z.object({ date: z.string(), slots: z.array(availableSlotSchema) })),
});
export type Availability = z.infer<typeof availabilitySchema>;
export type AvailableSlot = z.infer<typeof availableSlotSchema>;

/** 001 §5: booking requires accepting the privacy policy and the visit protocols. */
export const bookingRequestSchema = z.object({
  locationId: uuidSchema,
  date: dateSchema,
  time: timeSchema,
  name: text(120).min(1),
  email: z.string().trim().toLowerCase().max(254).email(),
  phone: text(40).optional(),
  company: text(120).optional(),
  lang: z.enum(LOCALES).optional(),
  acceptedPrivacyPolicy: z.literal(true, { message: 'termAccepted' }),
  acceptedVisitProtocols: z.literal(true, { message: 'termAccepted' }),
});
export type BookingRequestBody = z.infer<typeof bookingRequestSchema>;

export const bookingRequestedSchema = z.object({
  bookingId: z.string(),
  status: z.literal('pendent'),
  locationId: z.string(),
  date: z.string(),
  time: z.string(),
  expiresAt: z.string(),
});
export type BookingRequestedAnswer = z.infer<typeof bookingRequestedSchema>;

/** The token of an e-mailed link; malformed, forged, used or expired tokens answer invalid-action. */
export const tokenRequestSchema = z.object({ token: z.string().trim().min(1).max(200) });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const bookingLocationSummarySchema = locationSchema.pick({
  locationId: true,
  name: true,
  addressLines: true,
  number: true,
  city: true,
  state: true,
  country: true,
  postalCode: true,
  timezone: true,
});

/** What a link's owner sees: the visit, its status and what this link does. */
export const publicBookingSchema = z.object({
  bookingId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  action: z.enum(['confirm', 'cancel']),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  expiresAt: z.string(),
  visitorName: z.string(),
  location: bookingLocationSummarySchema,
  /** POST /booking/confirm: the visit was confirmed before this request (the link was reopened) */
  alreadyConfirmed: z.boolean().optional(),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

export const bookingListQuerySchema = z.object({
  locationId: uuidSchema.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  q: text(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type BookingListQuery = z.input<typeof bookingListQuerySchema>;

export const bookingRowSchema = z.object({
  bookingId: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  timezone: z.string(),
  status: z.enum(BOOKING_STATUSES),
  visitorName: z.string(),
  visitorEmail: z.string(),
  visitorPhone: z.string().nullable(),
  visitorCompany: z.string().nullable(),
  lang: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  statusBy: z.enum(['visitor', 'staff', 'system']).nullable(),
  statusReason: z.string().nullable(),
});
export type BookingRow = z.infer<typeof bookingRowSchema>;
export const bookingListSchema = z.object({ total: z.number().int(), items: z.array(bookingRowSchema) });
export type BookingList = z.infer<typeof bookingListSchema>;

export const statusChangeSchema = z.object({
  status: z.enum(['confirmed', 'canceled']),
  reason: text(500).min(3),
});
export type StatusChangeBody = z.infer<typeof statusChangeSchema>;

export const calendarQuerySchema = z.object({ locationId: uuidSchema, month: monthSchema });
export const calendarSlotSchema = z.object({ time: z.string(), capacity: z.number().int(), confirmed: z.number().int(), pendent: z.number().int() });
export const calendarSchema = z.object({
  locationId: z.string(),
  name: z.string(),
  color: z.string(),
  timezone: z.string(),
  month: z.string(),
  days: z.array(z.object({ date: z.string(), open: z.boolean(), confirmed: z.number().int(), pendent: z.number().int(), slots: z.array(calendarSlotSchema) })),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const auditEventSchema = auditedEventSchema;
export const auditSchema = z.object({
  bookingId: z.string(),
  /** every stream verifies: its chain and its events against the checkpoints that sealed them (ADR 0083) */
  verified: z.boolean(),
  /** each stream as `audit verify <stream>` checks it; `ok` is `verified` */
  streams: z.array(streamVerificationSchema.extend({ ok: z.boolean() })),
  /** when the whole log was last verified and with what result */
  lastWholeLog: wholeLogVerificationSchema,
  events: z.array(auditEventSchema),
});
export type BookingAudit = z.infer<typeof auditSchema>;

/** Header of the CSV export, in column order. */
export const BOOKING_CSV_COLUMNS = [
  'bookingId',
  'status',
  'locationName',
  'date',
  'time',
  'timezone',
  'visitorName',
  'visitorEmail',
  'visitorPhone',
  'visitorCompany',
  'lang',
  'requestedAt',
  'confirmedAt',
  'canceledAt',
  'expiredAt',
  'statusBy',
  'statusReason',
] as const satisfies readonly (keyof BookingRow)[];

/** HTTP routes of this context (paths under /api). */
export const bookingRoutes = {
  countries: { method: 'GET', path: '/booking/countries', query: langQuerySchema, response: countryListSchema, summary: 'Countries with training centers, sorted by display name (001 §7); anonymous' },
  locations: { method: 'GET', path: '/locations', query: locationsQuerySchema, response: locationListSchema, summary: 'Active training-center locations, optionally of one country (001 §7); anonymous' },
  location: { method: 'GET', path: '/locations/:locationId', params: locationIdParamsSchema, response: locationSchema, summary: 'One active location; anonymous' },
  availability: { method: 'GET', path: '/booking/availability', query: availabilityQuerySchema, response: availabilitySchema, summary: 'Free seats per slot, in the location time zone; anonymous', errors: ['404'] },
  request: { method: 'POST', path: '/booking', body: bookingRequestSchema, response: bookingRequestedSchema, summary: 'Request a visit (pendent until confirmed by the e-mailed link); anonymous', errors: ['booking-already-exists', 'booking-unavailable', 'day-booking-already-exists', 'range-booking-already-exists', 'appointment-invalid', 'booking-invalid'] },
  link: { method: 'POST', path: '/booking/link', body: tokenRequestSchema, response: publicBookingSchema, summary: 'What an e-mailed link refers to; anonymous, the token is the key', errors: ['invalid-action'] },
  confirm: { method: 'POST', path: '/booking/confirm', body: tokenRequestSchema, response: publicBookingSchema, summary: 'Confirm a visit by its link: takes a seat or answers booking-unavailable; reopened after confirming it answers the confirmed visit (alreadyConfirmed)', errors: ['invalid-action', 'booking-canceled', 'booking-unavailable'] },
  cancel: { method: 'POST', path: '/booking/cancel', body: tokenRequestSchema, response: publicBookingSchema, summary: 'Cancel a visit by its link (pendent or confirmed)', errors: ['invalid-action', 'booking-canceled'] },
  staffLocations: { method: 'GET', path: '/booking/staff/locations', response: locationListSchema, summary: 'Every location, inactive ones included; tc_manager, tc_admin' },
  createLocation: { method: 'POST', path: '/locations', body: locationDefinitionSchema, response: locationSchema, summary: 'Create a location; tc_admin' },
  updateLocation: { method: 'PUT', path: '/locations/:locationId', params: locationIdParamsSchema, body: locationUpdateSchema, response: locationSchema, summary: 'Change a location; tc_admin' },
  bookings: { method: 'GET', path: '/booking/staff/bookings', query: bookingListQuerySchema, response: bookingListSchema, summary: 'Filtered booking list; tc_manager, tc_admin' },
  bookingsCsv: { method: 'GET', path: '/booking/staff/bookings.csv', query: bookingListQuerySchema, summary: 'The filtered list as CSV (every match, no paging); tc_manager, tc_admin', responseType: 'text/csv' },
  changeStatus: { method: 'POST', path: '/booking/staff/bookings/:bookingId/status', params: bookingIdParamsSchema, body: statusChangeSchema, response: bookingRowSchema, summary: 'Confirm or cancel a booking with a reason; tc_manager, tc_admin', errors: ['booking-invalid', 'booking-canceled', 'booking-unavailable'] },
  calendar: { method: 'GET', path: '/booking/staff/calendar', query: calendarQuerySchema, response: calendarSchema, summary: 'A month of one location: confirmed and pendent per slot; tc_manager, tc_admin', errors: ['404'] },
  audit: { method: 'GET', path: '/booking/audit/:bookingId', params: bookingIdParamsSchema, response: auditSchema, summary: 'Whole history of a booking with its verified hash chains; auditor' },
} as const;

