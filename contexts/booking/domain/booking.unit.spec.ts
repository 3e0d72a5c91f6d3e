import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { decideBooking, evolveBooking, initialBookingState, seatToConfirm, type BookingCommand, type SeatOutcome } from './booking.js';
import { decideSlot, evolveSlot, initialSlotState } from './slot.js';
import { decideVisitor, evolveVisitor, initialVisitorState, DEFAULT_RANGE_DAYS } from './visitor.js';
import { campinas, formSource, linkSource, staffSource } from '../testing/fixtures.js';
import type { BookingCanceled, BookingConfirmed, BookingRequested, SlotSeatTaken, VisitorBookingClaimed } from '../contracts/events.js';

const booking = deciderSpec({ decide: decideBooking, evolve: evolveBooking, initial: initialBookingState });
const slot = deciderSpec({ decide: decideSlot, evolve: evolveSlot, initial: initialSlotState });
const visitor = deciderSpec({ decide: decideVisitor, evolve: evolveVisitor, initial: initialVisitorState });

const now = '2026-11-21T12:00:00.000Z'; // Saturday, 09:00 in Campinas
const HOUR = 3_600_000;
const visitorData = { name: 'Rita Lopes', email: 'rita@example.com', phone: null, company: null };

const request: Extract<BookingCommand, { type: 'RequestBooking' }> = {
  type: 'RequestBooking',
  data: {
    bookingId: 'b1',
    location: { locationId: 'l1', definition: campinas },
    date: '2026-11-23',
    time: '10:00',
    visitor: visitorData,
    lang: 'pt-BR',
    acceptedPrivacyPolicy: true,
    acceptedVisitProtocols: true,
    seatsTaken: 0,
    visit: { claimed: true },
    confirmTokenHash: 'confirm-hash',
    cancelTokenHash: 'cancel-hash',
    pendingTtlMs: 24 * HOUR,
    now,
    source: formSource,
  },
};
const requested: BookingRequested = {
  type: 'BookingRequested',
  data: {
    bookingId: 'b1',
    locationId: 'l1',
    date: '2026-11-23',
    time: '10:00',
    startsAt: '2026-11-23T13:00:00.000Z',
    endsAt: '2026-11-23T14:00:00.000Z',
    timezone: 'America/Sao_Paulo',
    visitor: visitorData,
    lang: 'pt-BR',
    acceptedPrivacyPolicy: true,
    acceptedVisitProtocols: true,
    confirmTokenHash: 'confirm-hash',
    cancelTokenHash: 'cancel-hash',
    expiresAt: '2026-11-22T12:00:00.000Z',
    requestedAt: now,
    source: formSource,
  },
};
const where = { bookingId: 'b1', locationId: 'l1', date: '2026-11-23', time: '10:00' };
const later = '2026-11-21T13:00:00.000Z';
const confirmedByLink: BookingConfirmed = {
  type: 'BookingConfirmed',
  data: { ...where, confirmedAt: later, by: 'visitor', reason: null, cancelTokenHash: 'cancel-hash-2', source: linkSource('confirm-link', 'confirm-hash') },
};
const canceledByLink: BookingCanceled = {
  type: 'BookingCanceled',
  data: { ...where, canceledAt: later, by: 'visitor', reason: null, previousStatus: 'pendent', source: linkSource('cancel-link', 'cancel-hash') },
};
const canceledByStaff: BookingCanceled = {
  type: 'BookingCanceled',
  data: { ...where, canceledAt: later, by: 'staff', reason: 'Center closed for maintenance', previousStatus: 'confirmed', source: staffSource },
};
const expired = {
  type: 'BookingExpired' as const,
  data: { ...where, expiresAt: requested.data.expiresAt, expiredAt: '2026-11-22T12:00:00.000Z', source: { channel: 'expiry-process' as const, linkHash: null, ip: null, userAgent: null } },
};
const confirmByLink = (tokenHash: string, at = later, seat: SeatOutcome = 'taken'): BookingCommand => ({
  type: 'ConfirmByLink',
  data: { tokenHash, newCancelTokenHash: 'cancel-hash-2', seat, now: at, source: linkSource('confirm-link', tokenHash) },
});
const cancelByLink = (tokenHash: string, at = later): BookingCommand => ({ type: 'CancelByLink', data: { tokenHash, now: at, source: linkSource('cancel-link', tokenHash) } });
const staff = (status: 'confirmed' | 'canceled', reason = 'Called the visitor', at = later, seat: SeatOutcome = status === 'confirmed' ? 'taken' : 'not-asked'): BookingCommand => ({
  type: 'ChangeStatusByStaff',
  data: { status, reason, newCancelTokenHash: null, seat, now: at, source: staffSource },
});

describe('requesting a booking (status pendent)', () => {
  it('records the request with both acceptances, the instants and the confirmation deadline', () => {
    booking.given([]).when(request).then([requested]);
  });
  it('expires at the start of the visit when that comes before the pending time', () => {
    const soon = { ...request, data: { ...request.data, pendingTtlMs: 72 * HOUR } };
    booking
      .given([])
      .when(soon)
      .then([{ ...requested, data: { ...requested.data, expiresAt: '2026-11-23T13:00:00.000Z' } }]);
  });
  it('requires accepting the privacy policy and the visit protocols', () => {
    booking.given([]).when({ ...request, data: { ...request.data, acceptedPrivacyPolicy: false } }).thenThrows('app/bed-request');
    booking.given([]).when({ ...request, data: { ...request.data, acceptedVisitProtocols: false } }).thenThrows('app/bed-request');
  });
  it('answers booking-invalid for an unknown or inactive location', () => {
    booking.given([]).when({ ...request, data: { ...request.data, location: null } }).thenThrows('booking-invalid');
    booking
      .given([])
      .when({ ...request, data: { ...request.data, location: { locationId: 'l1', definition: { ...campinas, active: false } } } })
      .thenThrows('booking-invalid');
  });
  it('answers appointment-invalid for a past time, a time that is not a slot, a closed date or beyond the horizon', () => {
    for (const [date, time] of [
      ['2026-11-16', '10:00'],
      ['2026-11-23', '10:30'],
      ['2026-11-25', '09:00'],
      ['2027-01-04', '10:00'],
    ] as const) {
      booking.given([]).when({ ...request, data: { ...request.data, date, time } }).thenThrows('appointment-invalid');
    }
  });
  it('answers booking-unavailable when the slot is already full', () => {
    booking.given([]).when({ ...request, data: { ...request.data, seatsTaken: 2 } }).thenThrows('booking-unavailable');
  });
  it('answers the visitor\'s day or range rule (claimed first, ADR 0087) once the request\'s own rules pass', () => {
    const refusedBy = (code: 'day-booking-already-exists' | 'range-booking-already-exists', params: Record<string, number> | null = null) => ({
      ...request,
      data: { ...request.data, visit: { claimed: false as const, code, params } },
    });
    booking.given([]).when(refusedBy('day-booking-already-exists')).thenThrows('day-booking-already-exists');
    booking.given([]).when(refusedBy('range-booking-already-exists', { days: 7 })).thenThrows('range-booking-already-exists');
    // the appointment and the seats are judged before the visitor's rules
    booking.given([]).when({ ...refusedBy('day-booking-already-exists'), data: { ...refusedBy('day-booking-already-exists').data, time: '10:30' } }).thenThrows('appointment-invalid');
    booking.given([]).when({ ...refusedBy('range-booking-already-exists'), data: { ...refusedBy('range-booking-already-exists').data, seatsTaken: 2 } }).thenThrows('booking-unavailable');
  });
  it('answers booking-already-exists for a booking id already used', () => {
    booking.given([requested]).when(request).thenThrows('booking-already-exists');
  });
});

describe('confirming by the e-mailed link (pendent -> confirmed)', () => {
  it('confirms a pendent booking and issues a fresh cancel link', () => {
    booking.given([requested]).when(confirmByLink('confirm-hash')).then([confirmedByLink]);
  });
  it('reopening the link of a confirmed visit changes nothing and is no error (issue 13: it is confirmed)', () => {
    booking.given([requested, confirmedByLink]).when(confirmByLink('confirm-hash')).then([]);
    // also after staff confirmed it, and past the confirmation deadline
    booking.given([requested, confirmedByLink]).when(confirmByLink('confirm-hash', '2026-11-22T12:00:00.000Z')).then([]);
  });
  it('answers invalid-action for a forged link, a cancel link and an expired one', () => {
    booking.given([]).when(confirmByLink('confirm-hash')).thenThrows('invalid-action');
    booking.given([requested]).when(confirmByLink('forged')).thenThrows('invalid-action');
    booking.given([requested]).when(confirmByLink('cancel-hash')).thenThrows('invalid-action');
    booking.given([requested, expired]).when(confirmByLink('confirm-hash')).thenThrows('invalid-action');
    // past the deadline before the expiry process ran
    booking.given([requested]).when(confirmByLink('confirm-hash', '2026-11-22T12:00:00.000Z')).thenThrows('invalid-action');
  });
  it('answers booking-canceled for a canceled booking', () => {
    booking.given([requested, canceledByLink]).when(confirmByLink('confirm-hash', later, 'not-asked')).thenThrows('booking-canceled');
  });
});

describe('the seat a confirmation takes first, then its one decision (ADR 0087)', () => {
  const slotOfB1 = { locationId: 'l1', date: '2026-11-23', time: '10:00' };
  const fold = (events: Parameters<typeof evolveBooking>[1][]) => events.reduce(evolveBooking, initialBookingState());
  it('names the booking\'s slot while it is pendent and in time, and no slot otherwise', () => {
    expect(seatToConfirm(fold([requested]), later)).toEqual(slotOfB1);
    expect(seatToConfirm(fold([]), later)).toBeNull();
    expect(seatToConfirm(fold([requested, confirmedByLink]), later)).toBeNull();
    expect(seatToConfirm(fold([requested, canceledByLink]), later)).toBeNull();
    expect(seatToConfirm(fold([requested, expired]), later)).toBeNull();
    // past the deadline before the expiry process ran: the link is refused without touching a seat
    expect(seatToConfirm(fold([requested]), '2026-11-22T12:00:00.000Z')).toBeNull();
  });
  it('confirms on a seat this confirmation took or the booking already held (a retry)', () => {
    booking.given([requested]).when(confirmByLink('confirm-hash', later, 'taken')).then([confirmedByLink]);
    booking.given([requested]).when(confirmByLink('confirm-hash', later, 'held')).then([confirmedByLink]);
  });
  it('answers booking-unavailable when the slot was full, by link and by staff', () => {
    booking.given([requested]).when(confirmByLink('confirm-hash', later, 'full')).thenThrows('booking-unavailable');
    booking.given([requested]).when(staff('confirmed', 'Called the visitor', later, 'full')).thenThrows('booking-unavailable');
  });
  it('the booking\'s own refusals come before the seat: a forged link or a canceled booking is not "unavailable"', () => {
    booking.given([requested]).when(confirmByLink('forged', later, 'full')).thenThrows('invalid-action');
    booking.given([requested, canceledByLink]).when(confirmByLink('confirm-hash', later, 'full')).thenThrows('booking-canceled');
    booking.given([requested, canceledByLink]).when(staff('confirmed', 'Called the visitor', later, 'full')).thenThrows('booking-canceled');
  });
  it('a confirmed booking changes nothing whatever the seat says', () => {
    booking.given([requested, confirmedByLink]).when(confirmByLink('confirm-hash', later, 'not-asked')).then([]);
    booking.given([requested, confirmedByLink]).when(staff('confirmed', 'Called the visitor', later, 'not-asked')).thenNothing();
  });
  it('never confirms without a seat', () => {
    booking.given([requested]).when(confirmByLink('confirm-hash', later, 'not-asked')).thenThrows('booking-invalid');
    booking.given([requested]).when(staff('confirmed', 'Called the visitor', later, 'not-asked')).thenThrows('booking-invalid');
  });
});

describe('canceling by the e-mailed link (pendent or confirmed -> canceled)', () => {
  it('cancels a pendent booking', () => {
    booking.given([requested]).when(cancelByLink('cancel-hash')).then([canceledByLink]);
  });
  it('cancels after confirmation, with either cancel link', () => {
    for (const hash of ['cancel-hash', 'cancel-hash-2']) {
      booking
        .given([requested, confirmedByLink])
        .when(cancelByLink(hash))
        .then([{ ...canceledByLink, data: { ...canceledByLink.data, previousStatus: 'confirmed', source: linkSource('cancel-link', hash) } }]);
    }
  });
  it('answers invalid-action for a forged link, the confirm link, a used link and an expired booking', () => {
    booking.given([requested]).when(cancelByLink('forged')).thenThrows('invalid-action');
    booking.given([requested]).when(cancelByLink('confirm-hash')).thenThrows('invalid-action');
    booking.given([requested, canceledByLink]).when(cancelByLink('cancel-hash')).thenThrows('invalid-action');
    booking.given([requested, expired]).when(cancelByLink('cancel-hash')).thenThrows('invalid-action');
  });
  it('answers booking-canceled when staff canceled it already', () => {
    booking.given([requested, confirmedByLink, canceledByStaff]).when(cancelByLink('cancel-hash')).thenThrows('booking-canceled');
  });
  it('answers appointment-invalid once the visit has started', () => {
    booking.given([requested, confirmedByLink]).when(cancelByLink('cancel-hash', '2026-11-23T13:00:00.000Z')).thenThrows('appointment-invalid');
  });
});

describe('status changes by staff, with a reason', () => {
  it('confirms a pendent booking and cancels a confirmed one', () => {
    booking
      .given([requested])
      .when(staff('confirmed'))
      .then([{ type: 'BookingConfirmed', data: { ...where, confirmedAt: later, by: 'staff', reason: 'Called the visitor', cancelTokenHash: null, source: staffSource } }]);
    booking
      .given([requested, confirmedByLink])
      .when(staff('canceled', 'Center closed for maintenance'))
      .then([canceledByStaff]);
  });
  it('changes nothing when confirming a confirmed booking', () => {
    booking.given([requested, confirmedByLink]).when(staff('confirmed')).thenNothing();
  });
  it('refuses without a reason, on an unknown, canceled or expired booking, and after the visit started', () => {
    booking.given([requested]).when(staff('canceled', '   ')).thenThrows('app/bed-request');
    booking.given([]).when(staff('canceled')).thenThrows('booking-invalid');
    booking.given([requested, canceledByLink]).when(staff('confirmed')).thenThrows('booking-canceled');
    booking.given([requested, canceledByLink]).when(staff('canceled')).thenThrows('booking-canceled');
    booking.given([requested, expired]).when(staff('confirmed')).thenThrows('booking-invalid');
    booking.given([requested]).when(staff('confirmed', 'late', '2026-11-23T13:30:00.000Z')).thenThrows('booking-invalid');
  });
});

describe('expiry (pendent -> expired)', () => {
  it('expires a pendent booking at its deadline, not before', () => {
    booking.given([requested]).when({ type: 'ExpireBooking', data: { now: '2026-11-22T11:59:59.000Z' } }).thenNothing();
    booking.given([requested]).when({ type: 'ExpireBooking', data: { now: '2026-11-22T12:00:00.000Z' } }).then([expired]);
  });
  it('leaves confirmed, canceled and expired bookings alone', () => {
    const at = { type: 'ExpireBooking' as const, data: { now: '2026-11-30T00:00:00.000Z' } };
    booking.given([requested, confirmedByLink]).when(at).thenNothing();
    booking.given([requested, canceledByLink]).when(at).thenNothing();
    booking.given([requested, expired]).when(at).thenNothing();
  });
});

describe('slot seats (the capacity consistency stream)', () => {
  const ref = { locationId: 'l1', date: '2026-11-23', time: '10:00' };
  const taken = (bookingId: string, seatsTaken: number): SlotSeatTaken => ({
    type: 'SlotSeatTaken',
    data: { ...ref, bookingId, capacity: 2, seatsTaken, takenAt: now },
  });
  it('takes a seat while there is one', () => {
    slot.given([taken('a', 1)]).when({ type: 'TakeSeat', data: { ...ref, bookingId: 'b', capacity: 2, now } }).then([taken('b', 2)]);
  });
  it('answers booking-unavailable when the slot is full', () => {
    slot.given([taken('a', 1), taken('b', 2)]).when({ type: 'TakeSeat', data: { ...ref, bookingId: 'c', capacity: 2, now } }).thenThrows('booking-unavailable');
  });
  it('takes no second seat for the same booking (retries)', () => {
    slot.given([taken('a', 1), taken('b', 2)]).when({ type: 'TakeSeat', data: { ...ref, bookingId: 'a', capacity: 2, now } }).thenNothing();
  });
  it('releases a held seat once, and a freed seat can be taken again', () => {
    const release = { type: 'ReleaseSeat' as const, data: { ...ref, bookingId: 'a', reason: 'canceled' as const, now } };
    const released = { type: 'SlotSeatReleased' as const, data: { ...ref, bookingId: 'a', seatsTaken: 1, releasedAt: now, reason: 'canceled' as const } };
    slot.given([taken('a', 1), taken('b', 2)]).when(release).then([released]);
    slot.given([taken('a', 1), taken('b', 2), released]).when(release).thenNothing();
    slot.given([taken('a', 1), taken('b', 2), released]).when({ type: 'TakeSeat', data: { ...ref, bookingId: 'c', capacity: 2, now } }).then([taken('c', 2)]);
  });
});

describe('visitor day and range rules', () => {
  const claim = (bookingId: string, locationId: string, date: string, time: string) => ({
    type: 'ClaimVisit' as const,
    data: { visitorKey: 'k', bookingId, locationId, date, time, rangeDays: DEFAULT_RANGE_DAYS, now },
  });
  const claimed: VisitorBookingClaimed = {
    type: 'VisitorBookingClaimed',
    data: { visitorKey: 'k', bookingId: 'b1', locationId: 'l1', date: '2026-11-23', time: '10:00', claimedAt: now },
  };
  it('claims a first visit, and a repeat of the same claim changes nothing', () => {
    visitor.given([]).when(claim('b1', 'l1', '2026-11-23', '10:00')).then([claimed]);
    visitor.given([claimed]).when(claim('b1', 'l1', '2026-11-23', '10:00')).thenNothing();
  });
  it('booking-already-exists: same visitor, place and time', () => {
    visitor.given([claimed]).when(claim('b2', 'l1', '2026-11-23', '10:00')).thenThrows('booking-already-exists');
  });
  it('day-booking-already-exists: another time at the same place on the same day', () => {
    visitor.given([claimed]).when(claim('b2', 'l1', '2026-11-23', '11:00')).thenThrows('day-booking-already-exists');
  });
  it(`range-booking-already-exists: any place less than ${DEFAULT_RANGE_DAYS} days apart`, () => {
    visitor.given([claimed]).when(claim('b2', 'l2', '2026-11-23', '11:00')).thenThrows('range-booking-already-exists');
    visitor.given([claimed]).when(claim('b2', 'l1', '2026-11-29', '10:00')).thenThrows('range-booking-already-exists');
    visitor.given([claimed]).when(claim('b2', 'l1', '2026-11-17', '10:00')).thenThrows('range-booking-already-exists');
    visitor.given([claimed]).when(claim('b2', 'l1', '2026-11-30', '10:00')).then([
      { type: 'VisitorBookingClaimed', data: { visitorKey: 'k', bookingId: 'b2', locationId: 'l1', date: '2026-11-30', time: '10:00', claimedAt: now } },
    ]);
  });
  it('a released (canceled or expired) booking no longer counts', () => {
    const released = { type: 'VisitorBookingReleased' as const, data: { visitorKey: 'k', bookingId: 'b1', releasedAt: now, reason: 'canceled' as const } };
    visitor.given([claimed]).when({ type: 'ReleaseVisit', data: { visitorKey: 'k', bookingId: 'b1', reason: 'canceled', now } }).then([released]);
    visitor.given([claimed, released]).when(claim('b2', 'l1', '2026-11-23', '10:00')).then([
      { type: 'VisitorBookingClaimed', data: { visitorKey: 'k', bookingId: 'b2', locationId: 'l1', date: '2026-11-23', time: '10:00', claimedAt: now } },
    ]);
  });
});
