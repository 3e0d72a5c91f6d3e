import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { scheduledEventStream } from '../contracts/index.js';
import { scheduledEventDecider } from '../domain/index.js';
import { ScheduledEventWriter } from './shared/event-writer.js';
import { learner, publishedEvent, signIns, trackingClient, type Learner } from '../testing/test-kit.js';

/**
 * Vacancies under real concurrency need concurrent connections: a Postgres server
 * (TEST_DATABASE_URL). PGlite is a single connection, where nothing would race.
 */
const server = process.env.TEST_DATABASE_URL;
const NOT_RUN = 'vacancy concurrency tests not run: they need a Postgres server (set TEST_DATABASE_URL); PGlite serialises every statement';

let t: TestApp;
let admin = '';
let learners: Learner[] = [];

beforeAll(async () => {
  if (!server) return;
  t = await startTestApp();
  admin = (await signIns(t)).admin;
  learners = await Promise.all(Array.from({ length: 50 }, (_, i) => learner(t, 100 + i)));
});
afterAll(async () => {
  await t?.close();
});

const fold = async (eventId: string) => {
  const recorded = await t.infra.store.readStream(scheduledEventStream(eventId));
  return { recorded, state: recorded.reduce((s, r) => scheduledEventDecider.evolve(s, { type: r.type, data: r.data } as never), scheduledEventDecider.initial()) };
};

describe('vacancies are never exceeded (Postgres server)', () => {
  it('50 learners racing for 10 vacancies: exactly 10 enrolled, 40 waitlisted in arrival order; a withdrawal moves the first in line up', async () => {
    if (!server) {
      console.info(NOT_RUN);
      return;
    }
    const call = trackingClient(t);
    const eventId = await publishedEvent(call, admin, { vacancies: 10 });
    const answers = await Promise.all(learners.map((l) => t.request('POST', `/api/scheduledEvents/${eventId}/enrol`, { token: l.token, body: {} })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const statuses = answers.map((a) => a.json().attendance.status as string);
    expect(statuses.filter((s) => s === 'enrolled')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(40);
    // each answer's place in line is its own and they are 1..40
    expect(answers.map((a) => a.json().attendance.position).filter((p) => p !== null).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

    // the log says the same: seats 1..10 in order, then the line 1..40 in the order appended
    const { recorded, state } = await fold(eventId);
    expect(recorded.filter((e) => e.type === 'AttendeeEnrolled').map((e) => e.data.seatsTaken)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    const line = recorded.filter((e) => e.type === 'AttendeeWaitlisted');
    expect(line.map((e) => e.data.position)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(state.enrolled).toBe(10);
    expect(state.waitlist).toEqual(line.map((e) => e.data.userId));
    expect((await t.infra.store.verifyStream(scheduledEventStream(eventId))).ok).toBe(true);

    // a withdrawal frees one seat: the first in line takes it, the rest move up one place
    const leaving = answers.findIndex((a) => a.json().attendance.status === 'enrolled');
    const firstInLine = line[0]!.data.userId as string;
    const withdrew = await call('POST', `/api/scheduledEvents/${eventId}/withdraw`, { token: learners[leaving]!.token, body: {} });
    expect(withdrew.statusCode).toBe(200);
    const list = (await call('GET', `/api/scheduledEvents/${eventId}/attendees`, { token: admin })).json();
    expect(list.counts).toMatchObject({ enrolled: 10, waitlisted: 39 });
    expect(list.items.find((r: { userId: string }) => r.userId === firstInLine)).toMatchObject({ status: 'enrolled', position: null });
    expect(list.items.find((r: { userId: string }) => r.userId === line[1]!.data.userId)).toMatchObject({ status: 'waitlisted', position: 1 });

    // and the read model rebuilt from the log says the same as the live one
    await t.infra.projections.rebuild('events-scheduled');
    expect((await call('GET', `/api/scheduledEvents/${eventId}/attendees`, { token: admin })).json()).toEqual(list);
  });

  it('without the in-process queue (as if 50 API instances), the expected revision alone holds 50 racing enrolments to 10 seats', async () => {
    if (!server) {
      console.info(NOT_RUN);
      return;
    }
    const eventId = await publishedEvent(trackingClient(t), admin, { vacancies: 10 });
    const writers = learners.map(() => new ScheduledEventWriter(t.infra.store, { serialize: false }));
    const ctx = { correlationId: 'race', actor: 'system', origin: 'system' as const };
    const now = t.clock.now().toISOString();
    await Promise.all(
      writers.map((w, i) =>
        w.execute(eventId, { type: 'Enrol', data: { attendee: { userId: learners[i]!.userId, email: `l${i}@example.com`, lang: 'pt-BR' }, audience: null, now, by: learners[i]!.userId } }, ctx),
      ),
    );
    const { recorded, state } = await fold(eventId);
    expect(state.enrolled).toBe(10);
    expect(state.waitlist).toHaveLength(40);
    expect(recorded.filter((e) => e.type === 'AttendeeEnrolled').map((e) => e.data.seatsTaken)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(recorded.filter((e) => e.type === 'AttendeeWaitlisted').map((e) => e.data.position)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
