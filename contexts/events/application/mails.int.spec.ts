import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { EventClockProcess } from './clock/event-clock.process.js';
import { EventNotices } from './shared/event-notices.js';
import { attachmentOf, EVENT_DAY, eventInput, learner, mailsTo, publishedEvent, signIns, trackingClient, type Call, type Learner } from '../testing/test-kit.js';

let t: TestApp;
let call: Call & { catchUp(): Promise<void> };
let admin = '';
const START = '2026-11-21T12:00:00.000Z';

beforeAll(async () => {
  t = await startTestApp();
  call = trackingClient(t);
  admin = (await signIns(t)).admin;
});
afterAll(async () => {
  await t?.close();
});

const settled = () => t.app.get(EventNotices).settled();
const enrol = (eventId: string, who: Learner, lang: string) => call('POST', `/api/scheduledEvents/${eventId}/enrol`, { token: who.token, body: { lang } });
const icsField = (ics: string, name: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);

describe('attendees hear of their enrolment, the waiting list, changes and cancellations, in their language, with a valid .ics', () => {
  let eventId = '';
  const es = () => 'learner60@example.com';
  const en = () => 'learner61@example.com';
  let sofia: Learner;
  let john: Learner;

  beforeAll(async () => {
    t.clock.set(START);
    eventId = await publishedEvent(call, admin, { vacancies: 1 });
    sofia = await learner(t, 60);
    john = await learner(t, 61);
  });

  it('enrolment: a mail with the personal ticket (text and QR image) and a calendar invitation', async () => {
    const res = await enrol(eventId, sofia, 'es');
    await settled();
    const [mail] = await mailsTo(t, es(), 'event-enrolled');
    expect(mail).toMatchObject({ locale: 'es', subject: 'Inscripción confirmada: Dia de campo: manejo da soja' });
    expect(mail!.text).toContain(res.json().attendance.ticket);
    expect(mail!.text).toContain(`/scheduled-events/published/${eventId}`);
    expect(mail!.attachments).toEqual([
      { filename: 'ticket.png', contentType: 'image/png' },
      { filename: 'event.ics', contentType: expect.stringContaining('text/calendar') },
    ]);
    const ics = (await attachmentOf(t, mail!.id, 'event.ics'))!;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(icsField(ics, 'METHOD')).toBe('REQUEST');
    expect(icsField(ics, 'UID')).toBe(`${eventId}@agro-portal-events`);
    expect(icsField(ics, 'DTSTART')).toBe('20261210T120000Z');
    expect(icsField(ics, 'DTEND')).toBe('20261210T150000Z');
    expect(icsField(ics, 'LOCATION')).toBe('Campo experimental\\, Londrina - PR');
  });

  it('the waiting list: a mail with the place in line and no invitation', async () => {
    await enrol(eventId, john, 'en');
    await settled();
    const [mail] = await mailsTo(t, en(), 'event-waitlisted');
    expect(mail).toMatchObject({ locale: 'en', subject: 'You are on the waiting list: Dia de campo: manejo da soja' });
    expect(mail!.text).toContain('Your place on the waiting list: 1');
    expect(mail!.attachments).toEqual([]);
  });

  it('a change of a published event reaches everyone on its list; the enrolled get the updated invitation', async () => {
    t.clock.set('2026-11-22T12:00:00.000Z');
    await call('PUT', `/api/scheduledEvents/${eventId}`, { token: admin, body: eventInput({ vacancies: 1, venue: 'Sede da cooperativa' }) });
    await settled();
    const [toSofia] = await mailsTo(t, es(), 'event-changed');
    const [toJohn] = await mailsTo(t, en(), 'event-changed');
    expect(toSofia!.subject).toBe('Evento modificado: Dia de campo: manejo da soja');
    expect(toSofia!.text).toContain('Dónde: Sede da cooperativa');
    expect(icsField((await attachmentOf(t, toSofia!.id, 'event.ics'))!, 'LOCATION')).toBe('Sede da cooperativa');
    expect(toJohn!.attachments).toEqual([]);
  });

  it('a withdrawal cancels the invitation; the first in line is told a seat opened', async () => {
    t.clock.set('2026-11-23T12:00:00.000Z');
    await call('POST', `/api/scheduledEvents/${eventId}/withdraw`, { token: sofia.token, body: {} });
    await settled();
    const [withdrawn] = await mailsTo(t, es(), 'event-withdrawn');
    const cancel = (await attachmentOf(t, withdrawn!.id, 'event.ics'))!;
    expect(icsField(cancel, 'METHOD')).toBe('CANCEL');
    expect(icsField(cancel, 'STATUS')).toBe('CANCELLED');
    const [promoted] = await mailsTo(t, en(), 'event-promoted');
    expect(promoted!.subject).toBe('A seat opened for you: Dia de campo: manejo da soja');
    expect(icsField((await attachmentOf(t, promoted!.id, 'event.ics'))!, 'METHOD')).toBe('REQUEST');
  });

  it('a cancellation of the event tells the enrolled with a CANCEL invitation and the reason', async () => {
    await call('POST', `/api/scheduledEvents/${eventId}/cancel`, { token: admin, body: { reason: 'Heavy rain forecast' } });
    await settled();
    const [mail] = await mailsTo(t, en(), 'event-canceled');
    expect(mail!.subject).toBe('Event canceled: Dia de campo: manejo da soja');
    expect(mail!.text).toContain('Reason: Heavy rain forecast');
    const ics = (await attachmentOf(t, mail!.id, 'event.ics'))!;
    expect(icsField(ics, 'METHOD')).toBe('CANCEL');
    expect(Number(icsField(ics, 'SEQUENCE'))).toBeGreaterThan(Number(icsField((await attachmentOf(t, (await mailsTo(t, en(), 'event-promoted'))[0]!.id, 'event.ics'))!, 'SEQUENCE')));
  });
});

describe('the event clock: the day-before reminder and finishing', () => {
  it('goes to the enrolled once, in their language, within 24 hours of the start', async () => {
    t.clock.set(START);
    const eventId = await publishedEvent(call, admin, { vacancies: 5, title: 'Curso de pulverização' });
    const ana = await learner(t, 70);
    await enrol(eventId, ana, 'pt-BR');
    const reminders = t.app.get(EventClockProcess);
    t.clock.set(new Date(Date.parse(EVENT_DAY.startsAt) - 25 * 3_600_000).toISOString());
    await reminders.runOnce();
    await settled();
    expect(await mailsTo(t, 'learner70@example.com', 'event-reminder')).toHaveLength(0);
    t.clock.set(new Date(Date.parse(EVENT_DAY.startsAt) - 23 * 3_600_000).toISOString());
    expect((await reminders.runOnce()).reminded).toBeGreaterThanOrEqual(1);
    expect((await reminders.runOnce()).reminded).toBe(0);
    await settled();
    const sent = await mailsTo(t, 'learner70@example.com', 'event-reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ locale: 'pt-BR', subject: 'Amanhã: Curso de pulverização' });
  });

  it('finishes a published event once its check-out has closed (120 minutes after the finish)', async () => {
    t.clock.set(START);
    const eventId = await publishedEvent(call, admin, { title: 'Palestra' });
    const clock = t.app.get(EventClockProcess);
    t.clock.set(new Date(Date.parse(EVENT_DAY.endsAt) + 119 * 60_000).toISOString());
    await clock.runOnce();
    expect((await call('GET', `/api/scheduledEvents/${eventId}`, { token: admin })).json().state).toBe('published');
    t.clock.set(new Date(Date.parse(EVENT_DAY.endsAt) + 120 * 60_000).toISOString());
    expect((await clock.runOnce()).finished).toBeGreaterThanOrEqual(1);
    await call.catchUp();
    const finished = (await call('GET', `/api/scheduledEvents/${eventId}`, { token: admin })).json();
    expect(finished).toMatchObject({ state: 'finished', finishedAt: t.clock.now().toISOString() });
  });
});
