import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { EVENT_REPORT_CSV_COLUMNS, eventsRoutes, scheduledEventStream } from '../contracts/index.js';
import { CODE_WINDOW_MS } from '../domain/index.js';
import { createEvent, EVENT_DAY, eventInput, learner, publishedEvent, quizInput, signIns, tokenFor, trackingClient, type Call, type Learner } from '../testing/test-kit.js';

let t: TestApp;
let call: Call & { catchUp(): Promise<void> };
let as: Awaited<ReturnType<typeof signIns>>;
const START = '2026-11-21T12:00:00.000Z';
const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();
const UNKNOWN = '01900000-0000-7000-8000-00000000dead';

beforeAll(async () => {
  t = await startTestApp();
  call = trackingClient(t);
  as = await signIns(t);
});
afterAll(async () => {
  await t?.close();
});

const enrol = (eventId: string, who: Learner) => call('POST', `/api/scheduledEvents/${eventId}/enrol`, { token: who.token, body: { lang: 'pt-BR' } });

describe('who may call each endpoint', () => {
  let eventId = '';
  let quizId = '';
  let enrolled: Learner;
  let other: Learner;

  beforeAll(async () => {
    t.clock.set(START);
    eventId = await publishedEvent(call, as.admin);
    quizId = (await call('POST', '/api/quiz', { token: as.admin, body: quizInput() })).json().quizId;
    enrolled = await learner(t, 1);
    other = await learner(t, 2);
    expect((await enrol(eventId, enrolled)).statusCode).toBe(200);
  });

  const staffReads = () => [
    '/api/scheduledEvents/all',
    `/api/scheduledEvents/${eventId}/attendees`,
    `/api/scheduledEvents/${eventId}/code`,
    '/api/quiz',
    `/api/quiz/${quizId}`,
    `/api/reports/quizzes/${quizId}`,
    `/api/reports/event/${eventId}/status`,
  ];
  const adminWrites = () => [
    { method: 'POST', url: '/api/scheduledEvents', body: eventInput() },
    { method: 'PUT', url: `/api/scheduledEvents/${eventId}`, body: eventInput({ title: 'Outro título' }) },
    { method: 'POST', url: `/api/scheduledEvents/${eventId}/publish` },
    { method: 'POST', url: `/api/scheduledEvents/${eventId}/cancel`, body: {} },
    { method: 'POST', url: `/api/scheduledEvents/${eventId}/finish` },
    { method: 'POST', url: '/api/quiz', body: quizInput() },
    { method: 'PUT', url: `/api/quiz/${quizId}`, body: quizInput({ title: 'Outro' }) },
    { method: 'POST', url: '/api/quiz/event', body: { quizId, eventId } },
    { method: 'POST', url: '/api/quiz/new-quiz-date', body: { quizId, eventId, opensAt: EVENT_DAY.startsAt, closesAt: EVENT_DAY.endsAt } },
    { method: 'DELETE', url: `/api/quiz/${quizId}` },
  ];
  const attendeeCalls = () => [
    { method: 'GET', url: '/api/scheduledEvents/mine' },
    { method: 'GET', url: `/api/scheduledEvents/${eventId}` },
    { method: 'POST', url: `/api/scheduledEvents/${eventId}/enrol`, body: {} },
    { method: 'POST', url: `/api/scheduledEvents/${eventId}/withdraw`, body: {} },
    { method: 'POST', url: '/api/scheduledEvents/scan', body: { code: 'x' } },
    { method: 'GET', url: `/api/scheduledEvents/${eventId}/quiz/${quizId}` },
    { method: 'POST', url: `/api/scheduledEvents/${eventId}/quiz/${quizId}/answer`, body: { answers: [{ questionId: 'q' }] } },
  ];

  it('refuses every call without a session (401)', async () => {
    for (const url of staffReads()) expect((await call('GET', url)).statusCode, url).toBe(401);
    for (const w of [...adminWrites(), ...attendeeCalls()]) expect((await call(w.method, w.url, { body: w.body })).statusCode, w.url).toBe(401);
    expect((await call('POST', `/api/scheduledEvents/${eventId}/tickets/scan`, { body: { scans: [] } })).statusCode).toBe(401);
  });

  it('opens the staff reads to tc_manager (of any country) and tc_admin; learners, enrolled or not, company roles and the auditor get 403', async () => {
    for (const url of staffReads()) {
      for (const token of [other.token, enrolled.token, as.companyManager, as.companyAdmin, as.auditor]) expect((await call('GET', url, { token })).statusCode, url).toBe(403);
      expect((await call('GET', url, { token: as.manager })).statusCode, url).toBe(200);
      expect((await call('GET', url, { token: as.admin })).statusCode, url).toBe(200);
    }
    const ticketScan = { scans: [{ ticket: 'x', action: 'check-in', scannedAt: START }] };
    expect((await call('POST', `/api/scheduledEvents/${eventId}/tickets/scan`, { token: enrolled.token, body: ticketScan })).statusCode).toBe(403);
    expect((await call('POST', `/api/scheduledEvents/${eventId}/tickets/scan`, { token: as.manager, body: ticketScan })).statusCode).toBe(200);
  });

  it('lets only a Brazilian tc_admin write: tc_manager, a tc_admin of another country, learners, company roles and the auditor get 403', async () => {
    for (const w of adminWrites()) {
      for (const token of [as.manager, as.foreignAdmin, enrolled.token, as.companyAdmin, as.companyManager, as.auditor]) {
        expect((await call(w.method, w.url, { token, body: w.body })).statusCode, `${w.method} ${w.url}`).toBe(403);
      }
    }
  });

  it('keeps the auditor (read-only) out of the attendee calls, and lets every other signed-in role in', async () => {
    for (const c of attendeeCalls()) expect((await call(c.method, c.url, { token: as.auditor, body: c.body })).statusCode, c.url).toBe(403);
    const mine = await call('GET', '/api/scheduledEvents/mine', { token: as.companyManager });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((e: { eventId: string }) => e.eventId)).toContain(eventId);
  });

  it('answers 404 on every events route while the scheduledEvents toggle is off', async () => {
    const off = await startTestApp({ FEATURE_SCHEDULED_EVENTS: 'false' }, {});
    try {
      const [admin, someone] = await Promise.all([signIns(off).then((s) => s.admin), learner(off, 9)]);
      expect((await off.request('GET', '/api/scheduledEvents/all', { token: admin })).statusCode).toBe(404);
      expect((await off.request('POST', '/api/scheduledEvents', { token: admin, body: eventInput() })).statusCode).toBe(404);
      expect((await off.request('GET', '/api/scheduledEvents/mine', { token: someone.token })).statusCode).toBe(404);
      expect((await off.request('GET', '/api/quiz', { token: admin })).statusCode).toBe(404);
      // signed out is still 401 first (deny by default)
      expect((await off.request('GET', '/api/scheduledEvents/all')).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });
});

describe('tc_admin plans an event: draft -> published -> finished, or canceled', () => {
  beforeAll(() => t.clock.set(START));

  it('creates a draft with every field of 001 §3 and the instants of its day in its time zone', async () => {
    const res = await call('POST', '/api/scheduledEvents', { token: as.admin, body: eventInput({ cultures: ['soja'] }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['x-event-position']).toBeTruthy();
    const event = res.json();
    expect(event).toMatchObject({ state: 'draft', title: 'Dia de campo: manejo da soja', startsAt: EVENT_DAY.startsAt, endsAt: EVENT_DAY.endsAt, timezone: 'America/Sao_Paulo', country: 'BR', cultures: ['soja'], vacancies: 2 });
    expect(event.counts).toEqual({ enrolled: 0, waitlisted: 0, checkedIn: 0, checkedOut: 0 });
    const list = await call('GET', '/api/scheduledEvents/all?state=draft&culture=soja', { token: as.manager });
    expect(list.json().items.map((e: { eventId: string }) => e.eventId)).toContain(event.eventId);
  });

  it('refuses bad input with 400 and the field errors', async () => {
    const bad = await call('POST', '/api/scheduledEvents', { token: as.admin, body: { ...eventInput(), title: '', finishHour: '08:00', vacancies: 0, date: '2026-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('app/bed-request');
    expect(bad.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['date', 'finishHour', 'title', 'vacancies']);
    const hours = await call('POST', '/api/scheduledEvents', { token: as.admin, body: eventInput({ startHour: '10:00', finishHour: '09:00' }) });
    expect(hours.json().details).toEqual([expect.objectContaining({ path: 'finishHour', message: 'after-start' })]);
    expect((await call('GET', '/api/scheduledEvents/not-a-uuid', { token: as.admin })).statusCode).toBe(400);
    expect((await call('GET', '/api/scheduledEvents/all?from=2026-12-10&to=2026-12-01', { token: as.admin })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown event on every call that names one', async () => {
    expect((await call('GET', `/api/scheduledEvents/${UNKNOWN}`, { token: as.admin })).statusCode).toBe(404);
    expect((await call('PUT', `/api/scheduledEvents/${UNKNOWN}`, { token: as.admin, body: eventInput() })).statusCode).toBe(404);
    expect((await call('POST', `/api/scheduledEvents/${UNKNOWN}/publish`, { token: as.admin })).statusCode).toBe(404);
    expect((await call('GET', `/api/scheduledEvents/${UNKNOWN}/attendees`, { token: as.manager })).statusCode).toBe(404);
    expect((await call('GET', `/api/scheduledEvents/${UNKNOWN}/code`, { token: as.manager })).statusCode).toBe(404);
    expect((await call('GET', `/api/reports/event/${UNKNOWN}/status`, { token: as.manager })).statusCode).toBe(404);
    expect((await call('POST', `/api/scheduledEvents/${UNKNOWN}/enrol`, { token: (await learner(t, 3)).token, body: {} })).statusCode).toBe(404);
  });

  it('hides drafts from learners, publishes, then shows the event to the learners of its country', async () => {
    const eventId = await createEvent(call, as.admin);
    const ana = await learner(t, 10);
    expect((await call('GET', `/api/scheduledEvents/${eventId}`, { token: ana.token })).statusCode).toBe(404);
    const published = await call('POST', `/api/scheduledEvents/${eventId}/publish`, { token: as.admin });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ state: 'published', publishedAt: START });
    const view = await call('GET', `/api/scheduledEvents/${eventId}`, { token: ana.token });
    expect(view.statusCode).toBe(200);
    expect(view.json().me).toBeNull();
    const argentine = await learner(t, 11, { country: 'AR' });
    expect((await call('GET', `/api/scheduledEvents/${eventId}`, { token: argentine.token })).statusCode).toBe(404);
    expect((await call('GET', '/api/scheduledEvents/mine', { token: argentine.token })).json().items.map((e: { eventId: string }) => e.eventId)).not.toContain(eventId);
  });

  it('shows an event naming cultures only to learners allowed one of its crops', async () => {
    const eventId = await publishedEvent(call, as.admin, { cultures: ['soja'] });
    const corn = await learner(t, 12, { allowedStations: { milho: true } });
    const soy = await learner(t, 13, { allowedStations: { soja: true } });
    const ids = async (who: Learner) => (await call('GET', '/api/scheduledEvents/mine', { token: who.token })).json().items.map((e: { eventId: string }) => e.eventId);
    expect(await ids(corn)).not.toContain(eventId);
    expect(await ids(soy)).toContain(eventId);
    expect((await enrol(eventId, corn)).statusCode).toBe(404);
    expect((await enrol(eventId, soy)).statusCode).toBe(200);
  });

  it('cancels from draft or published; a canceled event cannot be published (409 event-invalid-state)', async () => {
    const eventId = await publishedEvent(call, as.admin);
    const canceled = await call('POST', `/api/scheduledEvents/${eventId}/cancel`, { token: as.admin, body: { reason: 'Previsão de chuva forte' } });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ state: 'canceled', cancelReason: 'Previsão de chuva forte' });
    const again = await call('POST', `/api/scheduledEvents/${eventId}/publish`, { token: as.admin });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'event-invalid-state', params: { state: 'canceled' } });
    expect((await call('PUT', `/api/scheduledEvents/${eventId}`, { token: as.admin, body: eventInput() })).json().code).toBe('event-invalid-state');
  });

  it('finishes a published event only after its finish hour', async () => {
    const eventId = await publishedEvent(call, as.admin);
    expect((await call('POST', `/api/scheduledEvents/${eventId}/finish`, { token: as.admin })).json().code).toBe('event-invalid-state');
    t.clock.set(EVENT_DAY.endsAt);
    const finished = await call('POST', `/api/scheduledEvents/${eventId}/finish`, { token: as.admin });
    t.clock.set(START);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ state: 'finished', finishedAt: EVENT_DAY.endsAt });
  });
});

describe('vacancies and the waiting list over HTTP', () => {
  beforeAll(() => t.clock.set(START));

  it('enrols while vacancies last, waitlists the rest in order, and moves the first up when someone withdraws', async () => {
    const eventId = await publishedEvent(call, as.admin, { vacancies: 2 });
    const [a, b, c, d] = await Promise.all([20, 21, 22, 23].map((n) => learner(t, n)));
    const first = await enrol(eventId, a!);
    expect(first.statusCode).toBe(200);
    expect(first.json().attendance).toMatchObject({ status: 'enrolled', position: null });
    expect(first.json().attendance.ticket).toMatch(/^t1\./);
    expect((await enrol(eventId, b!)).json().attendance.status).toBe('enrolled');
    expect((await enrol(eventId, c!)).json().attendance).toMatchObject({ status: 'waitlisted', position: 1, ticket: null });
    expect((await enrol(eventId, d!)).json().attendance).toMatchObject({ status: 'waitlisted', position: 2 });
    // enrolling again changes nothing
    expect((await enrol(eventId, a!)).json().attendance.status).toBe('enrolled');

    const withdrew = await call('POST', `/api/scheduledEvents/${eventId}/withdraw`, { token: a!.token, body: {} });
    expect(withdrew.json().attendance.status).toBe('withdrawn');
    const list = await call('GET', `/api/scheduledEvents/${eventId}/attendees`, { token: as.manager });
    expect(list.json().counts).toEqual({ enrolled: 2, waitlisted: 1, checkedIn: 0, checkedOut: 0 });
    expect(list.json().items.map((r: { userId: string; status: string; position: number | null }) => [r.userId, r.status, r.position])).toEqual([
      [b!.userId, 'enrolled', null],
      [c!.userId, 'enrolled', null],
      [d!.userId, 'waitlisted', 1],
      [a!.userId, 'withdrawn', null],
    ]);
    const mine = await call('GET', `/api/scheduledEvents/${eventId}`, { token: d!.token });
    expect(mine.json().me).toMatchObject({ status: 'waitlisted', position: 1 });
  });

  it('lets tc_admin withdraw an attendee, and nobody else withdraw someone else (403)', async () => {
    const eventId = await publishedEvent(call, as.admin, { vacancies: 1 });
    const [a, b] = await Promise.all([24, 25].map((n) => learner(t, n)));
    await enrol(eventId, a!);
    await enrol(eventId, b!);
    expect((await call('POST', `/api/scheduledEvents/${eventId}/withdraw`, { token: b!.token, body: { userId: a!.userId } })).statusCode).toBe(403);
    expect((await call('POST', `/api/scheduledEvents/${eventId}/withdraw`, { token: as.manager, body: { userId: a!.userId } })).statusCode).toBe(403);
    const byAdmin = await call('POST', `/api/scheduledEvents/${eventId}/withdraw`, { token: as.admin, body: { userId: a!.userId } });
    expect(byAdmin.json()).toMatchObject({ userId: a!.userId, attendance: { status: 'withdrawn' } });
    expect((await call('GET', `/api/scheduledEvents/${eventId}`, { token: b!.token })).json().me.status).toBe('enrolled');
  });

  it('raised vacancies move the waiting list up at once', async () => {
    const eventId = await publishedEvent(call, as.admin, { vacancies: 1 });
    const [a, b] = await Promise.all([26, 27].map((n) => learner(t, n)));
    await enrol(eventId, a!);
    expect((await enrol(eventId, b!)).json().attendance.status).toBe('waitlisted');
    const raised = await call('PUT', `/api/scheduledEvents/${eventId}`, { token: as.admin, body: eventInput({ vacancies: 2 }) });
    expect(raised.json().counts).toMatchObject({ enrolled: 2, waitlisted: 0 });
  });

  it('closes enrolment at the start (409 event-enrolment-closed)', async () => {
    const eventId = await publishedEvent(call, as.admin);
    t.clock.set(EVENT_DAY.startsAt);
    const late = await enrol(eventId, await learner(t, 28));
    t.clock.set(START);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('event-enrolment-closed');
  });
});

describe('check-in and check-out by QR code', () => {
  let eventId = '';
  let ana: Learner;
  let bia: Learner;
  let dora: Learner;
  let ticketOfBia = '';

  beforeAll(async () => {
    t.clock.set(START);
    eventId = await publishedEvent(call, as.admin, { vacancies: 5 });
    ana = await learner(t, 30);
    bia = await learner(t, 31);
    await enrol(eventId, ana);
    ticketOfBia = (await enrol(eventId, bia)).json().attendance.ticket;
    dora = await learner(t, 35);
    await enrol(eventId, dora);
  });

  const code = async (action = 'check-in') => (await call('GET', `/api/scheduledEvents/${eventId}/code?action=${action}`, { token: as.manager })).json();
  const scan = (who: Learner, value: string) => call('POST', '/api/scheduledEvents/scan', { token: who.token, body: { code: value } });

  it('refuses a scan before check-in opens (60 minutes before the start)', async () => {
    t.clock.set(minutes(EVENT_DAY.startsAt, -61));
    const early = await scan(ana, (await code()).code);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'check-in-closed', params: { opensAt: minutes(EVENT_DAY.startsAt, -60), closesAt: EVENT_DAY.endsAt } });
  });

  it('checks an attendee in with the staff screen code; a second scan changes nothing; the screen counts it', async () => {
    t.clock.set(minutes(EVENT_DAY.startsAt, -30));
    const screen = await code();
    expect(screen).toMatchObject({ action: 'check-in', checkedIn: 0 });
    expect(screen.url).toContain('/scheduled-events/scan?code=');
    expect(Date.parse(screen.refreshAt) - Date.parse(screen.validFrom)).toBe(CODE_WINDOW_MS);
    const first = await scan(ana, screen.code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ eventId, userId: ana.userId, action: 'check-in', at: minutes(EVENT_DAY.startsAt, -30), changed: true });
    const second = await scan(ana, screen.code);
    expect(second.json()).toMatchObject({ changed: false, at: minutes(EVENT_DAY.startsAt, -30) });
    expect((await code()).checkedIn).toBe(1);
  });

  it("pushes each check-in to the staff screen that shows the code (the live count, no reload)", async () => {
    const staffId = '01900000-0000-7000-8000-00000000f00d';
    const screenToken = await tokenFor(t, 'tc_manager', { userId: staffId });
    const pushed: unknown[] = [];
    const stop = t.infra.realtime.subscribe(staffId, (m) => pushed.push(m));
    try {
      const screen = (await call('GET', `/api/scheduledEvents/${eventId}/code`, { token: screenToken })).json();
      expect((await scan(dora, screen.code)).json().changed).toBe(true);
      for (let waited = 0; pushed.length === 0 && waited < 3000; waited += 25) await new Promise((r) => setTimeout(r, 25));
      expect(pushed).toEqual([{ type: 'events.presence', data: { eventId, checkedIn: 2, checkedOut: 0 } }]);
    } finally {
      stop();
    }
  });

  it('refuses an old code replayed (a photo sent on) and a forged one', async () => {
    const old = (await code()).code;
    t.clock.advance(2 * CODE_WINDOW_MS);
    const cleo = await learner(t, 34);
    const replay = await scan(cleo, old);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('event-code-expired');
    const forged = old.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAA');
    expect((await scan(cleo, forged)).json().code).toBe('event-code-invalid');
    expect((await scan(cleo, 'garbage')).json().code).toBe('event-code-invalid');
  });

  it('refuses someone who is not enrolled (409 attendee-not-enrolled)', async () => {
    const stranger = await scan(await learner(t, 32), (await code()).code);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().code).toBe('attendee-not-enrolled');
  });

  it('takes staff ticket scans sent in a batch after working offline, each with its own time; resending changes nothing', async () => {
    const scannedAt = minutes(EVENT_DAY.startsAt, -5);
    t.clock.set(minutes(EVENT_DAY.startsAt, 20));
    const batch = {
      scans: [
        { ticket: ticketOfBia, action: 'check-in', scannedAt, deviceId: 'phone-1' },
        { ticket: 'not-a-ticket', action: 'check-in', scannedAt },
        { ticket: ticketOfBia.replace(eventId, UNKNOWN), action: 'check-in', scannedAt },
      ],
    };
    const sent = await call('POST', `/api/scheduledEvents/${eventId}/tickets/scan`, { token: as.manager, body: batch });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().results).toEqual([
      { ok: true, eventId, userId: bia.userId, action: 'check-in', at: scannedAt, changed: true },
      { ok: false, index: 1, code: 'ticket-invalid', message: expect.any(String) },
      { ok: false, index: 2, code: 'ticket-invalid', message: expect.any(String) },
    ]);
    const resent = await call('POST', `/api/scheduledEvents/${eventId}/tickets/scan`, { token: as.manager, body: batch });
    expect(resent.json().results[0]).toMatchObject({ ok: true, changed: false, at: scannedAt });
    const events = await t.infra.store.readStream(scheduledEventStream(eventId));
    expect(events.filter((e) => e.type === 'AttendeeCheckedIn').map((e) => e.data.userId)).toEqual([ana.userId, dora.userId, bia.userId]);
  });

  it('checks out from the start until 120 minutes after the finish, with the minutes present', async () => {
    t.clock.set(minutes(EVENT_DAY.endsAt, 121));
    expect((await scan(ana, (await code('check-out')).code)).json().code).toBe('check-out-closed');
    t.clock.set(minutes(EVENT_DAY.endsAt, 30));
    const out = await scan(ana, (await code('check-out')).code);
    expect(out.json()).toMatchObject({ action: 'check-out', changed: true });
    const list = await call('GET', `/api/scheduledEvents/${eventId}/attendees`, { token: as.admin });
    expect(list.json().counts).toMatchObject({ checkedIn: 3, checkedOut: 1 });
    expect(list.json().items.find((r: { userId: string }) => r.userId === ana.userId)).toMatchObject({ minutesPresent: 240, checkedOutAt: minutes(EVENT_DAY.endsAt, 30) });
  });

  it('makes no code for a draft (409 event-invalid-state)', async () => {
    const draft = await createEvent(call, as.admin);
    const res = await call('GET', `/api/scheduledEvents/${draft}/code`, { token: as.manager });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('event-invalid-state');
  });
});

describe('quizzes: created, attached, opened for a window, answered once by who checked in, reported per question', () => {
  let eventId = '';
  let quizId = '';
  let ana: Learner;
  let caio: Learner;
  let questions: { questionId: string; language: string; type: string; alternatives: { alternativeId: string; correct: boolean }[] }[] = [];

  beforeAll(async () => {
    t.clock.set(START);
    eventId = await publishedEvent(call, as.admin, { vacancies: 5 });
    ana = await learner(t, 40);
    caio = await learner(t, 41);
    await enrol(eventId, ana);
    await enrol(eventId, caio);
  });

  it('creates a quiz (ids given to every question and alternative) and lists it for staff', async () => {
    const res = await call('POST', '/api/quiz', { token: as.admin, body: quizInput() });
    expect(res.statusCode, res.body).toBe(201);
    quizId = res.json().quizId;
    questions = res.json().questions;
    expect(questions).toHaveLength(3);
    expect(questions.every((q) => q.questionId.length > 0 && q.alternatives.every((a) => a.alternativeId.length > 0))).toBe(true);
    const list = await call('GET', '/api/quiz', { token: as.manager });
    expect(list.json().items.map((q: { quizId: string }) => q.quizId)).toContain(quizId);
  });

  it('refuses a quiz whose single-choice question has no correct alternative (400)', async () => {
    const bad = quizInput({ questions: [{ type: 'single', language: 'pt-BR', description: 'x', alternatives: [{ description: 'a' }, { description: 'b' }] }] });
    const res = await call('POST', '/api/quiz', { token: as.admin, body: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ path: 'questions.0.alternatives' });
  });

  it('attaches the quiz and opens it for a window (new-quiz-date); an unattached quiz cannot be opened (409)', async () => {
    const other = (await call('POST', '/api/quiz', { token: as.admin, body: quizInput({ title: 'Outro' }) })).json().quizId;
    const notAttached = await call('POST', '/api/quiz/new-quiz-date', { token: as.admin, body: { quizId: other, eventId, opensAt: EVENT_DAY.startsAt, closesAt: EVENT_DAY.endsAt } });
    expect(notAttached.statusCode).toBe(409);
    expect(notAttached.json().code).toBe('quiz-not-attached');
    expect((await call('POST', '/api/quiz/event', { token: as.admin, body: { quizId, eventId } })).statusCode).toBe(200);
    const bad = await call('POST', '/api/quiz/new-quiz-date', { token: as.admin, body: { quizId, eventId, opensAt: EVENT_DAY.endsAt, closesAt: EVENT_DAY.startsAt } });
    expect(bad.statusCode).toBe(400);
    const dated = await call('POST', '/api/quiz/new-quiz-date', { token: as.admin, body: { quizId, eventId, opensAt: '2026-12-10T11:00:00-03:00', closesAt: '2026-12-10T13:00:00-03:00' } });
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json().quizzes).toEqual([{ quizId, title: 'Quiz do dia de campo', opensAt: '2026-12-10T14:00:00.000Z', closesAt: '2026-12-10T16:00:00.000Z', answers: 0 }]);
  });

  it('shows the attendee the questions of their language and nothing that tells what is right', async () => {
    const res = await call('GET', `/api/scheduledEvents/${eventId}/quiz/${quizId}?lang=es`, { token: ana.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().questions).toHaveLength(1);
    expect(JSON.stringify(res.json())).not.toMatch(/correct|score/);
    expect((await call('GET', `/api/scheduledEvents/${eventId}/quiz/${quizId}`, { token: (await learner(t, 42)).token })).statusCode).toBe(404);
  });

  const answersFor = (lang = 'pt-BR') => {
    const mine = questions.filter((q) => q.language === lang);
    return {
      lang,
      answers: mine.map((q) => (q.type === 'open' ? { questionId: q.questionId, text: 'Vou monitorar semanalmente' } : { questionId: q.questionId, alternativeIds: [q.alternatives.find((a) => a.correct)!.alternativeId] })),
    };
  };
  const answer = (who: Learner, body: unknown) => call('POST', `/api/scheduledEvents/${eventId}/quiz/${quizId}/answer`, { token: who.token, body });

  it('is closed outside its window, and only for attendees who checked in', async () => {
    t.clock.set('2026-12-10T13:59:00.000Z');
    expect((await answer(ana, answersFor())).json().code).toBe('quiz-closed');
    t.clock.set('2026-12-10T14:30:00.000Z');
    const notIn = await answer(ana, answersFor());
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().code).toBe('attendee-not-checked-in');
  });

  it('scores the answer on the server, once; a second answer is refused (409 quiz-already-answered)', async () => {
    const screen = (await call('GET', `/api/scheduledEvents/${eventId}/code`, { token: as.manager })).json();
    expect((await call('POST', '/api/scheduledEvents/scan', { token: ana.token, body: { code: screen.code } })).statusCode).toBe(200);
    const wrong = await answer(ana, { lang: 'pt-BR', answers: [{ questionId: questions[0]!.questionId, alternativeIds: ['nope'] }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('quiz-invalid-answer');
    const res = await answer(ana, answersFor());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ score: 10, maxScore: 15, pendingOpen: 1 });
    const again = await answer(ana, answersFor());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('quiz-already-answered');
    // the answer is an event on the event's stream, with who gave it (the auditor's trace)
    const answered = (await t.infra.store.readStream(scheduledEventStream(eventId))).filter((e) => e.type === 'QuizAnswered');
    expect(answered.map((e) => e.metadata.actor)).toEqual([ana.userId]);
  });

  it("lets the auditor trace the event's stream (the answer with who gave it, the hash chain checked); nobody else", async () => {
    const audit = await call('GET', `/api/scheduledEvents/${eventId}/audit`, { token: as.auditor });
    expect(audit.statusCode).toBe(200);
    expect(audit.json()).toMatchObject({ eventId, verified: true, brokenAt: null });
    const answered = audit.json().events.filter((e: { type: string }) => e.type === 'QuizAnswered');
    expect(answered).toEqual([expect.objectContaining({ actor: ana.userId, origin: 'web', data: expect.objectContaining({ quizId, score: 10 }) })]);
    for (const token of [as.admin, as.manager, ana.token]) expect((await call('GET', `/api/scheduledEvents/${eventId}/audit`, { token })).statusCode).toBe(403);
    expect((await call('GET', `/api/scheduledEvents/${UNKNOWN}/audit`, { token: as.auditor })).statusCode).toBe(404);
  });

  it("lets staff score the open answer (0 to the question's score); the sheet's score and what is pending follow", async () => {
    const open = questions.find((q) => q.type === 'open')!.questionId;
    const url = `/api/scheduledEvents/${eventId}/quiz/${quizId}/answers/${ana.userId}/score`;
    expect((await call('POST', url, { token: ana.token, body: { questionId: open, score: 4 } })).statusCode).toBe(403);
    expect((await call('POST', url, { token: as.auditor, body: { questionId: open, score: 4 } })).statusCode).toBe(403);
    const over = await call('POST', url, { token: as.manager, body: { questionId: open, score: 6 } });
    expect(over.statusCode).toBe(400);
    expect(over.json().params).toEqual({ min: 0, max: 5 });
    expect((await call('POST', url, { token: as.manager, body: { questionId: questions[0]!.questionId, score: 1 } })).statusCode).toBe(404);
    expect((await call('POST', url, { token: as.manager, body: { questionId: open, score: 2 } })).json()).toMatchObject({ score: 2, maxScore: 5 });
    // scored again: the new score replaces the old
    expect((await call('POST', url, { token: as.manager, body: { questionId: open, score: 4 } })).statusCode).toBe(200);
  });

  it('reports the event (check-in, score; CSV too) and the quiz per question', async () => {
    const report = await call('GET', `/api/reports/event/${eventId}/status`, { token: as.manager });
    expect(report.statusCode).toBe(200);
    const row = report.json().attendees.find((r: { userId: string }) => r.userId === ana.userId);
    expect(row).toMatchObject({ status: 'enrolled', checkedInAt: '2026-12-10T14:30:00.000Z', quizScore: 14, quizMaxScore: 15 });
    const csv = await call('GET', `/api/reports/event/${eventId}/status?format=csv`, { token: as.manager });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe(EVENT_REPORT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.startsWith(ana.userId))).toContain(',14,15');

    const quiz = await call('GET', `/api/reports/quizzes/${quizId}?eventId=${eventId}`, { token: as.admin });
    expect(quiz.statusCode).toBe(200);
    expect(quiz.json()).toMatchObject({ quizId, answers: 1, averageScore: 14, maxScore: 25 });
    const [single, open, spanish] = quiz.json().questions;
    expect(single).toMatchObject({ answers: 1, correct: 1, averageScore: 10, maxScore: 10 });
    expect(single.alternatives.map((a: { chosen: number }) => a.chosen)).toEqual([1, 0]);
    expect(open).toMatchObject({ answers: 1, pending: 0, averageScore: 4, maxScore: 5 });
    expect(spanish).toMatchObject({ answers: 0 });
  });

  it('deletes a quiz: gone from the list, no longer attachable (404), its answers still reported', async () => {
    expect((await call('DELETE', `/api/quiz/${quizId}`, { token: as.admin })).statusCode).toBe(204);
    expect((await call('GET', '/api/quiz', { token: as.admin })).json().items.map((q: { quizId: string }) => q.quizId)).not.toContain(quizId);
    expect((await call('POST', '/api/quiz/event', { token: as.admin, body: { quizId, eventId } })).statusCode).toBe(404);
    expect((await call('PUT', `/api/quiz/${quizId}`, { token: as.admin, body: quizInput() })).statusCode).toBe(404);
    expect((await call('GET', `/api/reports/quizzes/${quizId}`, { token: as.admin })).json().answers).toBe(1);
  });
});

describe('API description', () => {
  it('documents every events route in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/docs/openapi.json')).json();
    const documented = new Set(Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const expected = Object.values(eventsRoutes).map((r) => `${r.method} /api${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(expected.filter((r) => !documented.has(r))).toEqual([]);
  });
});

// Issue 30 item 4 (ADR 0093): a staff phone's offline batch goes through the learners' outbox
// mechanism: its Idempotency-Key makes the first answer the answer to a resend (from a second
// tab, or after a crash), and each scan of the batch lands on its own.
describe('staff ticket batches in field mode', () => {
  let eventId = '';
  const attendees: Learner[] = [];
  const tickets: string[] = [];

  beforeAll(async () => {
    t.clock.set(START);
    eventId = await publishedEvent(call, as.admin, { vacancies: 5 });
    for (const n of [60, 61, 62]) {
      const who = await learner(t, n);
      attendees.push(who);
      tickets.push((await enrol(eventId, who)).json().attendance.ticket);
    }
  });

  const send = (body: unknown, key: string) => call('POST', `/api/scheduledEvents/${eventId}/tickets/scan`, { token: as.manager, body, headers: { 'idempotency-key': key } });
  const checkIns = async () => (await t.infra.store.readStream(scheduledEventStream(eventId))).filter((e) => e.type === 'AttendeeCheckedIn').map((e) => e.data.userId);

  it('lands every scan of a keyed batch once; a resend, even two at once, answers the first answer', async () => {
    const scannedAt = minutes(EVENT_DAY.startsAt, -10);
    t.clock.set(minutes(EVENT_DAY.startsAt, 30));
    const batch = { scans: tickets.slice(0, 2).map((ticket) => ({ ticket, action: 'check-in', scannedAt })) };
    const key = 'staff-phone-1:batch-1';
    const [first, second] = await Promise.all([send(batch, key), send(batch, key)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results).toEqual(attendees.slice(0, 2).map((a) => ({ ok: true, eventId, userId: a.userId, action: 'check-in', at: scannedAt, changed: true })));
    expect({ body: second.body, position: second.headers['x-event-position'] }).toEqual({ body: first.body, position: first.headers['x-event-position'] });
    t.clock.advance(60_000);
    const resent = await send(batch, key);
    expect(resent.body).toBe(first.body);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(await checkIns()).toEqual(attendees.slice(0, 2).map((a) => a.userId));
    // the key with another batch is refused, and the batch is not taken
    const other = await send({ scans: [{ ticket: tickets[2], action: 'check-in', scannedAt }] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency-key-reused');
    expect(await checkIns()).toHaveLength(2);
  });
});
