import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { AppError } from '@portal/kernel';
import { decideLocation, evolveLocation, initialLocationState } from './location.js';
import { checkAppointment, slotTimesOn } from './schedule.js';
import { campinas } from './booking.test-kit.js';
import type { LocationCreated } from '../contracts/events.js';

const location = deciderSpec({ decide: decideLocation, evolve: evolveLocation, initial: initialLocationState });
const now = '2026-11-21T12:00:00.000Z';
const created: LocationCreated = { type: 'LocationCreated', data: { locationId: 'l1', ...campinas, createdAt: now, createdBy: 'admin' } };

describe('locations', () => {
  it('creates a location with its normalised definition', () => {
    location
      .given([])
      .when({ type: 'CreateLocation', data: { locationId: 'l1', definition: { ...campinas, name: '  Centro de Treinamento Campinas ', color: '#2F9E44' }, by: 'admin', now } })
      .then([created]);
  });
  it('refuses a definition with a bad time zone, capacity or schedule, naming the fields', () => {
    const bad = {
      ...campinas,
      timezone: 'Mars/Olympus',
      capacity: 0,
      schedule: { ...campinas.schedule, hours: [{ weekday: 1 as const, opens: '10:00', closes: '10:30' }] },
    };
    let caught: unknown;
    try {
      decideLocation({ type: 'CreateLocation', data: { locationId: 'l1', definition: bad, by: 'admin', now } }, initialLocationState());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('app/bed-request');
    expect((caught as AppError).details?.map((d) => d.path).sort()).toEqual(['capacity', 'schedule.hours.0', 'timezone']);
  });
  it('refuses overlapping opening hours on a weekday', () => {
    const overlapping = { ...campinas, schedule: { ...campinas.schedule, hours: [...campinas.schedule.hours, { weekday: 1 as const, opens: '11:00', closes: '13:00' }] } };
    location.given([]).when({ type: 'CreateLocation', data: { locationId: 'l1', definition: overlapping, by: 'admin', now } }).thenThrows('app/bed-request');
  });
  it('refuses to create the same location twice', () => {
    location.given([created]).when({ type: 'CreateLocation', data: { locationId: 'l1', definition: campinas, by: 'admin', now } }).thenThrows('booking-invalid');
  });
  it('records an update as the whole new definition with the changed fields', () => {
    location
      .given([created])
      .when({ type: 'UpdateLocation', data: { locationId: 'l1', changes: { capacity: 12, color: '#1971c2' }, by: 'admin', now } })
      .then([{ type: 'LocationUpdated', data: { locationId: 'l1', ...campinas, capacity: 12, color: '#1971c2', updatedAt: now, updatedBy: 'admin', changed: ['capacity', 'color'] } }]);
  });
  it('records nothing when an update changes nothing, and 404 for an unknown location', () => {
    location.given([created]).when({ type: 'UpdateLocation', data: { locationId: 'l1', changes: { capacity: 2 }, by: 'admin', now } }).thenNothing();
    location.given([]).when({ type: 'UpdateLocation', data: { locationId: 'l1', changes: { capacity: 2 }, by: 'admin', now } }).thenThrows('404');
  });
});

describe('opening schedule', () => {
  it('offers slots of the slot length within each opening interval, none on closed dates', () => {
    expect(slotTimesOn(campinas.schedule, '2026-11-23')).toEqual(['09:00', '10:00', '11:00']);
    expect(slotTimesOn(campinas.schedule, '2026-12-02')).toEqual(['09:00', '10:00', '11:00', '14:00', '15:00', '16:00']);
    expect(slotTimesOn(campinas.schedule, '2026-11-25')).toEqual([]); // a closed Wednesday
    expect(slotTimesOn(campinas.schedule, '2026-11-24')).toEqual([]); // Tuesday: closed weekday
  });
  it('checks an appointment against the schedule, the clock and the horizon, in the location time zone', () => {
    const at = new Date('2026-11-23T11:30:00Z'); // 08:30 in Campinas
    expect(checkAppointment(campinas, '2026-11-23', '09:00', at)).toMatchObject({ ok: true });
    expect(checkAppointment(campinas, '2026-11-23', '09:00', new Date('2026-11-23T12:00:00Z'))).toEqual({ ok: false, reason: 'past' });
    expect(checkAppointment(campinas, '2026-11-23', '09:30', at)).toEqual({ ok: false, reason: 'not-a-slot' });
    expect(checkAppointment(campinas, '2026-11-25', '09:00', at)).toEqual({ ok: false, reason: 'closed' });
    expect(checkAppointment(campinas, '2027-01-04', '09:00', at)).toEqual({ ok: false, reason: 'beyond-horizon' });
    expect(checkAppointment(campinas, '2026-13-01', '09:00', at)).toEqual({ ok: false, reason: 'date' });
  });
});
