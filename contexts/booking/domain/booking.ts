import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import { bookingLifeEvents, type BookingEvent, type BookingLocale, type ChangeSource, type LocationDefinition, type Visitor } from '../contracts/events.js';
import { checkAppointment } from './schedule.js';

export type BookingStatus = 'pendent' | 'confirmed' | 'canceled' | 'expired';

export interface KnownBooking {
  status: BookingStatus;
  bookingId: string;
  locationId: string;
  date: string;
  time: string;
  startsAt: string;
  expiresAt: string;
  email: string;
  confirmTokenHash: string;
  /** Every cancel link sent (with the request, and again with the confirmation). */
  cancelTokenHashes: string[];
  canceledBy: 'visitor' | 'staff' | null;
}

/** A booking (001 §3, §4) as a pure decider; time, ids and token hashes arrive in commands. */
export type BookingState = { status: 'unknown' } | KnownBooking;

export const initialBookingState = (): BookingState => ({ status: 'unknown' });

export type BookingCommand =
  | {
      type: 'RequestBooking';
      data: {
        bookingId: string;
        /** The location as it is now; null when no such location exists. */
        location: { locationId: string; definition: LocationDefinition } | null;
        date: string;
        time: string;
        visitor: Visitor;
        lang: BookingLocale;
        acceptedPrivacyPolicy: boolean;
        acceptedVisitProtocols: boolean;
        /** Seats confirmed in the slot right now (its consistency stream). */
        seatsTaken: number;
        /** The visitor's claim, made first in the visitor's stream (ADR 0087). */
        visit: VisitClaim;
        confirmTokenHash: string;
        cancelTokenHash: string;
        /** How long a pendent booking waits for its confirmation. */
        pendingTtlMs: number;
        now: string;
        source: ChangeSource;
      };
    }
  | { type: 'ConfirmByLink'; data: { tokenHash: string; newCancelTokenHash: string | null; seat: SeatOutcome; now: string; source: ChangeSource } }
  | { type: 'CancelByLink'; data: { tokenHash: string; now: string; source: ChangeSource } }
  | {
      type: 'ChangeStatusByStaff';
      /** `seat`: what taking the seat gave, for a confirmation (a cancellation takes none: `not-asked`) */
      data: { status: 'confirmed' | 'canceled'; reason: string; newCancelTokenHash: string | null; seat: SeatOutcome; now: string; source: ChangeSource };
    }
  | { type: 'ExpireBooking'; data: { now: string } };

/**
 * What claiming the visit in the visitor's consistency stream gave before the request is decided
 * (ADR 0087): claimed, or the day or range rule's refusal (the visitor decider's code and
 * parameters), which the request answers once its own rules have passed.
 */
export type VisitClaim =
  | { claimed: true }
  | { claimed: false; code: 'booking-already-exists' | 'day-booking-already-exists' | 'range-booking-already-exists'; params: Record<string, string | number> | null };

/**
 * What taking the booking's seat in its slot stream gave, before the confirmation is decided
 * (ADR 0087: the seat first, then one decision with its result in the command):
 * - `taken`: this confirmation took it; `held`: the booking already held it (a retry);
 * - `full`: the slot had none left (the confirmation answers booking-unavailable);
 * - `not-asked`: no seat was asked, because `seatToConfirm` named none (the booking is not
 *   pendent, or past its deadline): the decision refuses or changes nothing without one.
 */
export type SeatOutcome = 'taken' | 'held' | 'full' | 'not-asked';

/** Past its confirmation deadline: an expired booking, or a pendent one the expiry process has not reached yet. */
export const isPastDeadline = (b: KnownBooking, now: string): boolean =>
  b.status === 'expired' || (b.status === 'pendent' && Date.parse(b.expiresAt) <= Date.parse(now));

/**
 * The slot whose seat a confirmation of this booking must take first: the booking's own while it
 * is pendent and before its deadline; none otherwise (unknown, confirmed, canceled, expired: the
 * decision refuses or, for a confirmed one, changes nothing, and no seat is touched).
 */
export const seatToConfirm = (state: BookingState, now: string): { locationId: string; date: string; time: string } | null =>
  state.status === 'pendent' && !isPastDeadline(state, now) ? { locationId: state.locationId, date: state.date, time: state.time } : null;

/** A confirmation is recorded only on a seat held for it. */
function requireSeat(seat: SeatOutcome): void {
  if (seat === 'full') throw new AppError('booking-unavailable');
  // the state moved to pendent after the seat was looked up (cannot happen: nothing goes back to pendent)
  if (seat === 'not-asked') throw new AppError('booking-invalid', 'No seat was taken for this confirmation');
}

const acceptanceErrors = (d: { acceptedPrivacyPolicy: boolean; acceptedVisitProtocols: boolean }) => [
  ...(d.acceptedPrivacyPolicy ? [] : [{ path: 'acceptedPrivacyPolicy', message: 'termAccepted' }]),
  ...(d.acceptedVisitProtocols ? [] : [{ path: 'acceptedVisitProtocols', message: 'termAccepted' }]),
];

export function decideBooking(command: BookingCommand, state: BookingState): BookingEvent[] {
  if (command.type === 'RequestBooking') {
    const d = command.data;
    if (state.status !== 'unknown') throw new AppError('booking-already-exists');
    // 001 §5: the privacy policy and the visit protocols must both be accepted
    const refused = acceptanceErrors(d);
    if (refused.length > 0) throw new AppError('app/bed-request', 'The privacy policy and the visit protocols must be accepted', refused);
    if (!d.location || !d.location.definition.active) throw new AppError('booking-invalid', 'Unknown or closed location');
    const def = d.location.definition;
    const check = checkAppointment(def, d.date, d.time, new Date(d.now));
    if (!check.ok) throw new AppError('appointment-invalid', undefined, [{ path: check.reason === 'not-a-slot' || check.reason === 'closed' ? 'time' : 'date', message: check.reason }]);
    if (d.seatsTaken >= def.capacity) throw new AppError('booking-unavailable');
    if (!d.visit.claimed) throw new AppError(d.visit.code, undefined, undefined, d.visit.params ?? undefined);
    const deadline = Math.min(Date.parse(d.now) + d.pendingTtlMs, check.startsAt.getTime());
    return [
      {
        type: 'BookingRequested',
        data: {
          bookingId: d.bookingId,
          locationId: d.location.locationId,
          date: d.date,
          time: d.time,
          startsAt: check.startsAt.toISOString(),
          endsAt: check.endsAt.toISOString(),
          timezone: def.timezone,
          visitor: d.visitor,
          lang: d.lang,
          acceptedPrivacyPolicy: true,
          acceptedVisitProtocols: true,
          confirmTokenHash: d.confirmTokenHash,
          cancelTokenHash: d.cancelTokenHash,
          expiresAt: new Date(deadline).toISOString(),
          requestedAt: d.now,
          source: d.source,
        },
      },
    ];
  }

  if (command.type === 'ExpireBooking') {
    if (state.status !== 'pendent' || !isPastDeadline(state, command.data.now)) return [];
    return [
      {
        type: 'BookingExpired',
        data: {
          bookingId: state.bookingId,
          locationId: state.locationId,
          date: state.date,
          time: state.time,
          expiresAt: state.expiresAt,
          expiredAt: command.data.now,
          source: { channel: 'expiry-process', linkHash: null, ip: null, userAgent: null },
        },
      },
    ];
  }

  const where = (b: KnownBooking) => ({ bookingId: b.bookingId, locationId: b.locationId, date: b.date, time: b.time });

  switch (command.type) {
    case 'ConfirmByLink': {
      const d = command.data;
      // forged, or a link for something else: nothing to say about the booking
      if (state.status === 'unknown' || state.confirmTokenHash !== d.tokenHash) throw new AppError('invalid-action');
      if (state.status === 'canceled') throw new AppError('booking-canceled');
      // reopening the link of a confirmed visit (a second click, a mail client's preview): it is
      // confirmed, nothing to do and nothing to complain about
      if (state.status === 'confirmed') return [];
      if (isPastDeadline(state, d.now)) throw new AppError('invalid-action', 'This link has expired');
      requireSeat(d.seat);
      return [
        {
          type: 'BookingConfirmed',
          data: { ...where(state), confirmedAt: d.now, by: 'visitor', reason: null, cancelTokenHash: d.newCancelTokenHash, source: d.source },
        },
      ];
    }
    case 'CancelByLink': {
      const d = command.data;
      if (state.status === 'unknown' || !state.cancelTokenHashes.includes(d.tokenHash)) throw new AppError('invalid-action');
      if (state.status === 'canceled') {
        if (state.canceledBy === 'staff') throw new AppError('booking-canceled');
        throw new AppError('invalid-action', 'This link was already used');
      }
      if (isPastDeadline(state, d.now)) throw new AppError('invalid-action', 'This link has expired');
      if (Date.parse(state.startsAt) <= Date.parse(d.now)) throw new AppError('appointment-invalid', 'The visit has already started');
      return [
        {
          type: 'BookingCanceled',
          data: { ...where(state), canceledAt: d.now, by: 'visitor', reason: null, previousStatus: state.status === 'confirmed' ? 'confirmed' : 'pendent', source: d.source },
        },
      ];
    }
    case 'ChangeStatusByStaff': {
      const d = command.data;
      if (state.status === 'unknown') throw new AppError('booking-invalid', 'Unknown booking');
      const reason = d.reason.trim();
      if (reason.length === 0) throw new AppError('app/bed-request', 'A reason is required', [{ path: 'reason', message: 'required' }]);
      if (state.status === 'canceled') throw new AppError('booking-canceled');
      if (state.status === 'expired') throw new AppError('booking-invalid', 'The booking expired');
      if (d.status === 'confirmed') {
        if (state.status === 'confirmed') return [];
        if (isPastDeadline(state, d.now)) throw new AppError('booking-invalid', 'The booking expired');
        if (Date.parse(state.startsAt) <= Date.parse(d.now)) throw new AppError('appointment-invalid', 'The visit has already started');
        requireSeat(d.seat);
        return [
          {
            type: 'BookingConfirmed',
            data: { ...where(state), confirmedAt: d.now, by: 'staff', reason, cancelTokenHash: d.newCancelTokenHash, source: d.source },
          },
        ];
      }
      return [
        {
          type: 'BookingCanceled',
          data: { ...where(state), canceledAt: d.now, by: 'staff', reason, previousStatus: state.status === 'confirmed' ? 'confirmed' : 'pendent', source: d.source },
        },
      ];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  if (event.type === 'BookingRequested') {
    const d = event.data;
    return {
      status: 'pendent',
      bookingId: d.bookingId,
      locationId: d.locationId,
      date: d.date,
      time: d.time,
      startsAt: d.startsAt,
      expiresAt: d.expiresAt,
      email: d.visitor.email,
      confirmTokenHash: d.confirmTokenHash,
      cancelTokenHashes: [d.cancelTokenHash],
      canceledBy: null,
    };
  }
  if (state.status === 'unknown') return state;
  switch (event.type) {
    case 'BookingConfirmed':
      return {
        ...state,
        status: 'confirmed',
        cancelTokenHashes: event.data.cancelTokenHash ? [...state.cancelTokenHashes, event.data.cancelTokenHash] : state.cancelTokenHashes,
      };
    case 'BookingCanceled':
      return { ...state, status: 'canceled', canceledBy: event.data.by };
    case 'BookingExpired':
      return { ...state, status: 'expired' };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const bookingDecider = { decide: decideBooking, evolve: evolveBooking, initial: initialBookingState, events: bookingLifeEvents };
