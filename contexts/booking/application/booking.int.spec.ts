import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { BOOKING_CSV_COLUMNS } from '../contracts/index.js';
import { BookingExpiryProcess } from './expiry/booking-expiry.process.js';
import { seedDemoLocations } from './seed/demo-locations.js';
import { createLocation, linksFor, tokenFor, testLocation, trackingClient, visit, type Call } from '../testing/test-kit.js';

let t: TestApp;
let call: Call & { catchUp(): Promise<void> };
const tokens: Record<'learner' | 'manager' | 'admin' | 'auditor', string> = { learner: '', manager: '', admin: '', auditor: '' };
let locationId = '';
const GUEST = '0193aaaa-0000-7000-8000-000000000001';
const START = '2026-11-21T12:00:00.000Z'; // Saturday 09:00 in Campinas

beforeAll(async () => {
  t = await startTestApp();
  call = trackingClient(t);
  await seedDemoLocations(t.infra.store, t.infra.clock);
  const [learner, manager, admin, auditor] = await Promise.all((['learner', 'tc_manager', 'tc_admin', 'auditor'] as const).map((role) => tokenFor(t, role)));
  Object.assign(tokens, { learner, manager, admin, auditor });
  locationId = await createLocation(call, tokens.admin);
});
afterAll(async () => {
  await t?.close();
});

const book = (body: unknown, headers: Record<string, string> = {}) => call('POST', '/api/booking', { body, headers: { 'x-guest-id': GUEST, ...headers } });
const confirm = (token: string | null) => call('POST', '/api/booking/confirm', { body: { token }, headers: { 'x-guest-id': GUEST } });
const cancel = (token: string | null) => call('POST', '/api/booking/cancel', { body: { token }, headers: { 'x-guest-id': GUEST } });

async function bookAndConfirm(email: string, date: string, time: string, at = locationId) {
  const res = await book(visit(at, email, date, time));
  expect(res.statusCode, res.body).toBe(201);
  const links = await linksFor(t, email);
  const confirmed = await confirm(links.confirm);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { bookingId: res.json().bookingId as string, links };
}

describe('who may call each endpoint', () => {
  const staffReads = () => [
    `/api/booking/staff/bookings`,
    `/api/booking/staff/bookings.csv`,
    `/api/booking/staff/calendar?locationId=${locationId}&month=2026-11`,
    `/api/booking/staff/locations`,
  ];

  it('serves the public booking calls to anonymous visitors', async () => {
    for (const url of ['/api/booking/countries', '/api/locations?country=BR', `/api/locations/${locationId}`, `/api/booking/availability?locationId=${locationId}&from=2026-11-23&to=2026-11-24`]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(200);
    }
    const res = await book(visit(locationId, 'anonymous@example.com', '2026-11-24', '08:00'));
    expect(res.statusCode).toBe(201);
  });

  it('refuses every staff and audit call without a session (401)', async () => {
    for (const url of [...staffReads(), `/api/booking/audit/${GUEST}`]) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
    expect((await call('POST', '/api/locations', { body: testLocation() })).statusCode).toBe(401);
    expect((await call('PUT', `/api/locations/${locationId}`, { body: { capacity: 3 } })).statusCode).toBe(401);
    expect((await call('POST', `/api/booking/staff/bookings/${GUEST}/status`, { body: { status: 'canceled', reason: 'no show' } })).statusCode).toBe(401);
  });

  it('opens the scheduling screens to tc_manager and tc_admin only (403 for a learner or an auditor)', async () => {
    for (const url of staffReads()) {
      expect((await call('GET', url, { token: tokens.learner })).statusCode, url).toBe(403);
      expect((await call('GET', url, { token: tokens.auditor })).statusCode, url).toBe(403);
      expect((await call('GET', url, { token: tokens.manager })).statusCode, url).toBe(200);
      expect((await call('GET', url, { token: tokens.admin })).statusCode, url).toBe(200);
    }
    const change = await call('POST', `/api/booking/staff/bookings/${GUEST}/status`, { token: tokens.learner, body: { status: 'canceled', reason: 'no show' } });
    expect(change.statusCode).toBe(403);
  });

  it('lets tc_admin create and change locations; tc_manager only reads them', async () => {
    expect((await call('POST', '/api/locations', { token: tokens.manager, body: testLocation() })).statusCode).toBe(403);
    expect((await call('PUT', `/api/locations/${locationId}`, { token: tokens.manager, body: { capacity: 3 } })).statusCode).toBe(403);
    const staffList = await call('GET', '/api/booking/staff/locations', { token: tokens.manager });
    expect(staffList.json().map((l: { locationId: string }) => l.locationId)).toContain(locationId);
  });

  it('shows booking audits to the auditor role only', async () => {
    const { bookingId } = await bookAndConfirm('audited@example.com', '2026-11-24', '09:00');
    for (const token of [tokens.learner, tokens.manager, tokens.admin]) {
      expect((await call('GET', `/api/booking/audit/${bookingId}`, { token })).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/booking/audit/${bookingId}`, { token: tokens.auditor })).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('requires accepting the privacy policy and the visit protocols', async () => {
    const { acceptedPrivacyPolicy: _a, ...withoutPrivacy } = visit(locationId, 'terms@example.com');
    const res = await book({ ...withoutPrivacy, acceptedVisitProtocols: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('app/bed-request');
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['acceptedPrivacyPolicy', 'acceptedVisitProtocols']);
    expect(await t.infra.mailer.list({ to: 'terms@example.com' })).toEqual([]);
  });

  it('answers appointment-invalid for past dates, times already gone today, and times that are not slots', async () => {
    for (const [date, time] of [
      ['2026-11-20', '10:00'],
      ['2026-11-21', '08:00'],
      ['2026-11-23', '10:30'],
      ['2026-12-25', '10:00'],
      ['2027-03-01', '10:00'],
    ]) {
      const res = await book(visit(locationId, 'past@example.com', date, time));
      expect(res.statusCode, `${date} ${time}`).toBe(400);
      expect(res.json().code).toBe('appointment-invalid');
    }
  });

  it('answers booking-invalid for an unknown location, and 404 where one is read', async () => {
    const unknown = '0193ffff-0000-7000-8000-000000000000';
    const res = await book(visit(unknown, 'nowhere@example.com'));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('booking-invalid');
    expect((await call('GET', `/api/locations/${unknown}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/booking/availability?locationId=${unknown}&from=2026-11-23&to=2026-11-24`)).statusCode).toBe(404);
  });

  it('answers invalid-action for forged, altered and misused link tokens', async () => {
    const res = await book(visit(locationId, 'forger@example.com', '2026-11-25', '10:00'));
    expect(res.statusCode).toBe(201);
    const links = await linksFor(t, 'forger@example.com');
    const altered = `${links.confirm!.slice(0, -4)}AAAA`;
    for (const token of ['not-a-token', `${res.json().bookingId}.${'x'.repeat(43)}`, altered, `0193ffff-0000-7000-8000-000000000000.${links.confirm!.split('.')[1]}`]) {
      for (const path of ['/api/booking/link', '/api/booking/confirm', '/api/booking/cancel']) {
        const r = await call('POST', path, { body: { token } });
        expect(r.statusCode, `${path} ${token}`).toBe(400);
        expect(r.json().code).toBe('invalid-action');
      }
    }
    // each link does only its own thing
    expect((await confirm(links.cancel)).json().code).toBe('invalid-action');
    expect((await cancel(links.confirm)).json().code).toBe('invalid-action');
  });

  it('answers 400 with field errors for malformed bodies and queries', async () => {
    const res = await book({ ...visit(locationId, 'not-an-email'), date: '2026-02-30', time: '25:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['date', 'email', 'time']);
    const range = await call('GET', `/api/booking/availability?locationId=${locationId}&from=2026-11-23&to=2027-03-01`);
    expect(range.statusCode).toBe(400);
    const badLocation = await call('POST', '/api/locations', { token: tokens.admin, body: testLocation({ timezone: 'Mars/Olympus', color: 'green' }) });
    expect(badLocation.statusCode).toBe(400);
    expect(badLocation.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['color', 'timezone']);
  });
});

describe('a visit from request to cancellation', () => {
  it('books (pendent), mails localized links with an .ics, confirms (seat taken), cancels (seat back)', async () => {
    const email = 'Maria.Perez@Example.com';
    const requested = await book(visit(locationId, email, '2026-11-26', '14:00'), { 'accept-language': 'es-MX,es;q=0.9' });
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toMatchObject({ status: 'pendent', date: '2026-11-26', time: '14:00', expiresAt: '2026-11-22T12:00:00.000Z' });
    expect(requested.headers['x-event-position']).toMatch(/^\d+\.\d+$/);
    const bookingId = requested.json().bookingId;

    const mail = await linksFor(t, 'maria.perez@example.com');
    expect(mail.locale).toBe('es');
    expect(mail.subject).toBe('Confirme su visita: Test Center');
    expect(mail.text).toContain('jueves, 26 de noviembre de 2026');
    expect(mail.attachments).toEqual([{ filename: 'visit.ics', contentType: expect.stringContaining('text/calendar') }]);
    expect(mail.confirm).toBeTruthy();
    expect(mail.cancel).toBeTruthy();

    const view = await call('POST', '/api/booking/link', { body: { token: mail.cancel } });
    expect(view.json()).toMatchObject({ bookingId, status: 'pendent', action: 'cancel', visitorName: 'Rita Lopes', location: { name: 'Test Center', timezone: 'America/Sao_Paulo' } });

    const free = async () => {
      const res = await call('GET', `/api/booking/availability?locationId=${locationId}&from=2026-11-26&to=2026-11-26`, { headers: { 'x-min-position': String(lastPosition) } });
      return res.json().days[0].slots.find((s: { time: string }) => s.time === '14:00');
    };
    let lastPosition = requested.headers['x-event-position'];
    expect(await free()).toMatchObject({ capacity: 2, taken: 0, free: 2, startsAt: '2026-11-26T17:00:00.000Z' });

    const confirmed = await confirm(mail.confirm);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ bookingId, status: 'confirmed', action: 'confirm' });
    lastPosition = confirmed.headers['x-event-position'];
    expect(await free()).toMatchObject({ taken: 1, free: 1 });
    // reopening the confirm link of a confirmed visit says it is confirmed: no second seat, no second mail (issue 13)
    const again = await confirm(mail.confirm);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ bookingId, status: 'confirmed', action: 'confirm', alreadyConfirmed: true });
    expect(confirmed.json()).toMatchObject({ alreadyConfirmed: false });
    expect(await free()).toMatchObject({ taken: 1, free: 1 });

    const confirmedMail = await linksFor(t, 'maria.perez@example.com', 'bookingConfirmed');
    expect(confirmedMail.subject).toBe('Visita confirmada: Test Center');
    expect(confirmedMail.cancel).toBeTruthy();

    const canceled = await cancel(mail.cancel);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ bookingId, status: 'canceled', action: 'cancel' });
    lastPosition = canceled.headers['x-event-position'];
    expect(await free()).toMatchObject({ taken: 0, free: 2 });
    expect((await cancel(mail.cancel)).json().code).toBe('invalid-action');
    expect((await cancel(confirmedMail.cancel)).json().code).toBe('invalid-action');
    expect((await confirm(mail.confirm)).json().code).toBe('booking-canceled');

    const audit = await call('GET', `/api/booking/audit/${bookingId}`, { token: tokens.auditor });
    const history = audit.json();
    expect(history.verified).toBe(true);
    expect(history.streams.every((s: { ok: boolean }) => s.ok)).toBe(true);
    expect(history.events.map((e: { type: string }) => e.type)).toEqual([
      'VisitorBookingClaimed',
      'BookingRequested',
      'SlotSeatTaken',
      'BookingConfirmed',
      'BookingCanceled',
      'SlotSeatReleased',
      'VisitorBookingReleased',
    ]);
    const byType = (type: string) => history.events.find((e: { type: string }) => e.type === type);
    expect(byType('BookingRequested')).toMatchObject({ actor: `guest:${GUEST}`, origin: 'web', data: { source: { channel: 'booking-form', ip: expect.any(String) } } });
    // the link's hash is a secret's (ADR 0083): the auditor reads that a link was used, not its hash
    expect(byType('BookingConfirmed').data.source).toMatchObject({ channel: 'confirm-link', linkHash: '[redacted]' });
    expect(byType('BookingRequested').data).toMatchObject({ confirmTokenHash: '[redacted]', cancelTokenHash: '[redacted]' });
    expect(byType('BookingCanceled').data.source.channel).toBe('cancel-link');
    expect(JSON.stringify(history)).not.toContain(mail.confirm!.split('.')[1]);
  });
});

describe('booking codes', () => {
  it('booking-already-exists, day-booking-already-exists and range-booking-already-exists for the same visitor', async () => {
    const email = 'rules@example.com';
    expect((await book(visit(locationId, email, '2026-12-01', '10:00'))).statusCode).toBe(201);
    expect((await book(visit(locationId, email, '2026-12-01', '10:00'))).json().code).toBe('booking-already-exists');
    expect((await book(visit(locationId, email, '2026-12-01', '15:00'))).json().code).toBe('day-booking-already-exists');
    const range = await book(visit(locationId, email, '2026-12-04', '10:00'));
    expect(range.statusCode).toBe(409);
    expect(range.json()).toMatchObject({ code: 'range-booking-already-exists', params: { days: 7 } });
    expect((await book(visit(locationId, email, '2026-12-08', '10:00'))).statusCode).toBe(201);
  });

  it('booking-unavailable once confirmations fill the slot: for confirming and for new requests', async () => {
    const small = await createLocation(call, tokens.admin, { name: 'One Seat', capacity: 1 });
    expect((await book(visit(small, 'first@example.com', '2026-11-27', '10:00'))).statusCode).toBe(201);
    expect((await book(visit(small, 'second@example.com', '2026-11-27', '10:00'))).statusCode).toBe(201);
    expect((await confirm((await linksFor(t, 'first@example.com')).confirm)).statusCode).toBe(200);
    const late = await confirm((await linksFor(t, 'second@example.com')).confirm);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('booking-unavailable');
    const third = await book(visit(small, 'third@example.com', '2026-11-27', '10:00'));
    expect(third.json().code).toBe('booking-unavailable');
  });

  it('booking-canceled when staff canceled before the visitor', async () => {
    const { bookingId, links } = await bookAndConfirm('staffcancel@example.com', '2026-11-28', '11:00');
    const res = await call('POST', `/api/booking/staff/bookings/${bookingId}/status`, { token: tokens.manager, body: { status: 'canceled', reason: 'Field day postponed' } });
    expect(res.statusCode).toBe(200);
    expect((await cancel(links.cancel)).json().code).toBe('booking-canceled');
  });
});

describe('staff screens', () => {
  it('change a status with a reason, and tell the visitor', async () => {
    const email = 'walkin@example.com';
    const res = await book(visit(locationId, email, '2026-11-29', '16:00'));
    const bookingId = res.json().bookingId;
    const noReason = await call('POST', `/api/booking/staff/bookings/${bookingId}/status`, { token: tokens.manager, body: { status: 'confirmed' } });
    expect(noReason.statusCode).toBe(400);
    const changed = await call('POST', `/api/booking/staff/bookings/${bookingId}/status`, { token: tokens.manager, body: { status: 'confirmed', reason: 'Confirmed by phone' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ bookingId, status: 'confirmed', statusBy: 'staff', statusReason: 'Confirmed by phone', visitorEmail: email });
    const mail = await linksFor(t, email, 'bookingConfirmed');
    expect(mail.text).toContain('Confirmed by phone');
    const unknown = await call('POST', `/api/booking/staff/bookings/${GUEST}/status`, { token: tokens.manager, body: { status: 'canceled', reason: 'nobody' } });
    expect(unknown.json().code).toBe('booking-invalid');
  });

  it('list with filters and export the same list as CSV', async () => {
    await bookAndConfirm('csv.one@example.com', '2026-11-30', '08:00');
    await book(visit(locationId, 'csv.two@example.com', '2026-11-30', '09:00'));
    const list = await call('GET', `/api/booking/staff/bookings?locationId=${locationId}&from=2026-11-30&to=2026-11-30&q=csv.`, { token: tokens.manager });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().items.map((i: { visitorEmail: string; status: string; locationName: string }) => [i.visitorEmail, i.status, i.locationName])).toEqual([
      ['csv.two@example.com', 'pendent', 'Test Center'],
      ['csv.one@example.com', 'confirmed', 'Test Center'],
    ]);
    const confirmedOnly = await call('GET', `/api/booking/staff/bookings?from=2026-11-30&to=2026-11-30&status=confirmed&q=CSV`, { token: tokens.admin });
    expect(confirmedOnly.json().items.map((i: { visitorEmail: string }) => i.visitorEmail)).toEqual(['csv.one@example.com']);

    const csv = await call('GET', `/api/booking/staff/bookings.csv?from=2026-11-30&to=2026-11-30&q=csv.`, { token: tokens.manager });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('bookings.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe(BOOKING_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('csv.two@example.com');
    expect(lines[2]).toContain('csv.one@example.com');
  });

  it('show a month calendar of a location in its colour, with confirmed and pendent per slot', async () => {
    const res = await call('GET', `/api/booking/staff/calendar?locationId=${locationId}&month=2026-11`, { token: tokens.manager });
    expect(res.statusCode).toBe(200);
    const cal = res.json();
    expect(cal).toMatchObject({ locationId, color: '#2f9e44', timezone: 'America/Sao_Paulo', month: '2026-11' });
    expect(cal.days).toHaveLength(30);
    const day = cal.days.find((d: { date: string }) => d.date === '2026-11-30');
    expect(day).toMatchObject({ open: true, confirmed: 1, pendent: 1 });
    expect(day.slots.find((s: { time: string }) => s.time === '08:00')).toEqual({ time: '08:00', capacity: 2, confirmed: 1, pendent: 0 });
    expect(cal.days.find((d: { date: string }) => d.date === '2026-11-24').slots).toHaveLength(10);
  });

  it('let tc_admin change a location; the public list follows', async () => {
    const res = await call('PUT', `/api/locations/${locationId}`, { token: tokens.admin, body: { capacity: 3, color: '#1971C2' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ capacity: 3, color: '#1971c2', name: 'Test Center', number: '100' });
    const list = await call('GET', '/api/locations?country=br', { headers: { 'x-min-position': String(res.headers['x-event-position']) } });
    expect(list.json().find((l: { locationId: string }) => l.locationId === locationId)).toMatchObject({ capacity: 3, color: '#1971c2' });
  });
});

describe('API description', () => {
  it('lists every booking route in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/docs/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/booking/countries',
        '/api/locations',
        '/api/locations/{locationId}',
        '/api/booking',
        '/api/booking/confirm',
        '/api/booking/cancel',
        '/api/booking/staff/bookings.csv',
        '/api/booking/staff/bookings/{bookingId}/status',
        '/api/booking/audit/{bookingId}',
      ]),
    );
  });
});

describe('countries and locations', () => {
  it('lists countries with locations sorted by their name in the reader language', async () => {
    const en = await call('GET', '/api/booking/countries?lang=en');
    expect(en.json().map((c: { displayName: string }) => c.displayName)).toEqual(['Argentina', 'Brazil', 'Mexico']);
    const es = await call('GET', '/api/booking/countries', { headers: { 'accept-language': 'es-AR' } });
    expect(es.json()).toEqual([
      { country: 'AR', displayName: 'Argentina', locations: 1 },
      { country: 'BR', displayName: 'Brasil', locations: expect.any(Number) },
      { country: 'MX', displayName: 'México', locations: 1 },
    ]);
    const mx = await call('GET', '/api/locations?country=MX');
    expect(mx.json().map((l: { name: string; timezone: string }) => [l.name, l.timezone])).toEqual([['Centro de Capacitación Guadalajara', 'America/Mexico_City']]);
  });
});

describe('expiry of pendent bookings (runs last: it moves the clock)', () => {
  it('expires unconfirmed bookings after the pending time; their links stop working and the visitor may book again', async () => {
    const email = 'late@example.com';
    const res = await book(visit(locationId, email, '2026-12-10', '10:00'));
    expect(res.statusCode).toBe(201);
    const links = await linksFor(t, email);
    t.clock.advance(24 * 3600_000);
    expect((await confirm(links.confirm)).json().code).toBe('invalid-action');
    const sweep = await t.app.get(BookingExpiryProcess).runOnce();
    expect(sweep.expired).toBeGreaterThanOrEqual(1);
    await call.catchUp();
    const list = await call('GET', `/api/booking/staff/bookings?q=${email}`, { token: tokens.manager });
    expect(list.json().items[0]).toMatchObject({ status: 'expired', statusBy: 'system' });
    expect((await call('POST', '/api/booking/link', { body: { token: links.cancel } })).json().status).toBe('expired');
    expect((await book(visit(locationId, email, '2026-12-10', '10:00'))).statusCode).toBe(201);
    expect((await t.app.get(BookingExpiryProcess).runOnce()).expired).toBe(0);
    t.clock.set(START);
  });
});
