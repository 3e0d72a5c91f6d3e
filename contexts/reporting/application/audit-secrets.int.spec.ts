import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedEventSchema, REDACTED, SECRET_FIELDS, type RecordedEvent } from '@portal/eventstore';
import { newId } from '@portal/kernel';
import { learnerStream } from '@portal/assessment/contracts';
import { bookingStream } from '@portal/booking/contracts';
import { scheduledEventStream } from '@portal/events/contracts';
import { userStream } from '@portal/identity/contracts';
import { createEvent, signIns, trackingClient } from '../../events/testing/test-kit.js';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { tokenFor } from '@portal/testing/client';
import { tellAuditStory, type AuditStory } from '../testing/audit-story.js';
import { auditTimelineEventSchema } from '../contracts/index.js';
import { EVERY_EVENT_TYPE, everyEventWithSecrets } from '../testing/every-event.js';

/**
 * Issue 26 item 3 (ADR 0083): no audit answer shows a secret's hash. Every event type that
 * carries a field docs/event-catalogue.md marks secret is stored for one learner (over HTTP where
 * a route makes it: registration, sessions, a password reset, a refresh, an e-mail change; a booking
 * requested and confirmed through its link), and a probe event holding every secret field, at the
 * top and nested, goes into the streams the booking's and the scheduled event's audits read whole.
 * Then every audit route is asked about every subject of the story, and no secret value comes back.
 *
 * Issue 28 item 5 (ADR 0089): an event of every type the contracts name (data its schema accepts,
 * generated from it, every optional field filled, plus every secret field nested where no schema
 * reads) goes into each stream an audit route reads whole: the account, the answer sheet, the
 * booking and the scheduled event. Each route shows each of them as the one audited row.
 */
let t: TestApp;
let story: AuditStory;
let auditor: string;
let scheduledEventId: string;
const context = { correlationId: 'audit-secrets', actor: 'system', origin: 'cli' } as const;
const probe = () => {
  const secrets = Object.fromEntries(SECRET_FIELDS.map((f) => [f, newId().replaceAll('-', '')]));
  return { type: 'AuditSecretsProbe', data: { ...secrets, source: { ...secrets }, items: [secrets] } };
};

/** Every secret value the log holds, by field name. */
function secretsIn(events: RecordedEvent[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if ((SECRET_FIELDS as readonly string[]).includes(k) && typeof v === 'string') {
        if (!found.has(k)) found.set(k, new Set());
        found.get(k)!.add(v);
      } else walk(v);
    }
  };
  for (const e of events) walk(e.data);
  return found;
}

/** Every secret field in an answer holds "[redacted]" or null. */
function unredacted(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => unredacted(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    (SECRET_FIELDS as readonly string[]).includes(k) && v !== null && v !== REDACTED ? [`${path}.${k}`] : unredacted(v, `${path}.${k}`),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  story = await tellAuditStory(t, 'lia.secret@example.com');
  const email = story.learner.email;
  // the account's own secrets, made by its routes
  expect((await t.request('POST', '/api/sendPasswordReset', { body: { email } })).statusCode).toBe(200);
  expect((await t.request('POST', '/api/sendEmailVerification', { token: story.learner.token, body: {} })).statusCode).toBe(200);
  const refreshed = await t.request('POST', '/api/auth/refresh', { headers: { cookie: `portal_refresh=${encodeURIComponent(story.learner.refresh)}` } });
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  const changed = await t.request('POST', '/api/updateUserProfile', { token: refreshed.json().accessToken, body: { email: 'lia.new@example.com' } });
  expect(changed.statusCode, changed.body).toBe(200);
  // the booking confirmed by its e-mailed link (the fresh cancel link's hash, the link used)
  await t.infra.store.append(
    bookingStream(story.bookingId),
    [
      {
        type: 'BookingConfirmed',
        data: {
          bookingId: story.bookingId,
          locationId: '01900000-0000-7000-8000-00000000b001',
          date: '2026-12-03',
          time: '09:00',
          confirmedAt: '2026-11-21T10:05:00.000Z',
          by: 'visitor',
          reason: null,
          cancelTokenHash: 'e'.repeat(64),
          source: { channel: 'confirm-link', linkHash: 'f'.repeat(64), ip: '127.0.0.1', userAgent: 'Mozilla/5.0' },
        },
      },
      probe(),
    ],
    { expectedRevision: 'any', context },
  );
  const call = trackingClient(t);
  const tokens = await signIns(t);
  scheduledEventId = await createEvent(call, tokens.admin);
  await t.infra.store.append(scheduledEventStream(scheduledEventId), [probe()], { expectedRevision: 'any', context });
  auditor = await tokenFor(t, 'auditor');
  await t.infra.projections.catchUp();
  // generated data is schema-valid, not a history the read models could follow (a station no
  // catalogue event created): only the auditor's index, which every history must pass, reads it
  const { userId } = story.learner;
  for (const [i, streamId] of [userStream(userId), learnerStream(userId), bookingStream(story.bookingId), scheduledEventStream(scheduledEventId)].entries()) {
    await t.infra.store.append(streamId, await everyEventWithSecrets(1000 * (i + 1)), { expectedRevision: 'any', context });
  }
  await t.infra.projections.catchUp(15_000, ['audit-subjects']);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the secret fields of the event catalogue', () => {
  it('reach no audit answer: each route about each subject of the story shows them redacted', async () => {
    const log = await t.infra.store.readAll({ limit: 10_000 });
    const secrets = secretsIn(log.events);
    // the story stores a value of every secret field, so each one is tried
    expect([...secrets.keys()].sort()).toEqual([...SECRET_FIELDS].sort());
    const values = [...secrets.values()].flatMap((s) => [...s]);

    const { userId } = story.learner;
    const answers = [
      ['GET', `/api/audit/users/${userId}/history`],
      ['GET', `/api/audit/answers/${userId}`],
      ['GET', `/api/booking/audit/${story.bookingId}`],
      ['GET', `/api/scheduledEvents/${scheduledEventId}/audit`],
      ['GET', `/api/audit/subjects/user/${userId}/timeline`],
      ['GET', `/api/audit/subjects/booking/${story.bookingId}/timeline`],
      ['GET', `/api/audit/subjects/answer/${story.retry}/timeline`],
      ['GET', `/api/audit/subjects/certificate/${story.certificateId}/timeline`],
      ['GET', `/api/audit/find?kind=user&q=${userId}`],
      ['GET', `/api/audit/find?kind=booking&q=${story.bookingId}`],
      ['POST', `/api/audit/subjects/user/${userId}/exports`, { format: 'json' }],
      ['POST', `/api/audit/subjects/user/${userId}/exports`, { format: 'csv' }],
      ['POST', `/api/audit/subjects/booking/${story.bookingId}/exports`, { format: 'json' }],
    ] as const;
    const shown = new Set<string>();
    for (const [method, url, body] of answers) {
      const res = await t.request(method, url, { token: auditor, body });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
      for (const value of values) expect(res.body.includes(value), `${method} ${url} shows a secret`).toBe(false);
      if (String(res.headers['content-type']).startsWith('application/json')) {
        expect(unredacted(res.json()), `${method} ${url}`).toEqual([]);
        for (const f of SECRET_FIELDS) if (res.body.includes(`"${f}":"${REDACTED}"`)) shown.add(f);
      }
    }
    // and each secret field was on some answer, redacted (not left out)
    expect([...shown].sort()).toEqual([...SECRET_FIELDS].sort());
  });
});

describe('every event type', () => {
  /** The events of an answer that are rows of the audit view, after checking that each is one. */
  const rows = (events: unknown[], schema: typeof auditedEventSchema = auditedEventSchema) => events.map((e) => schema.strict().parse(e));
  const json = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.request(method, url, { token: auditor, body });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json();
  };
  /** Every page of a subject's timeline. */
  const timeline = async (kind: string, id: string) => {
    const events: unknown[] = [];
    let next: string | null = null;
    do {
      const page = await json('GET', `/api/audit/subjects/${kind}/${id}/timeline?limit=500${next ? `&after=${next}` : ''}`);
      events.push(...page.events);
      next = page.next;
    } while (next);
    return events;
  };

  it('comes through every audit route as the one audited row, its secrets redacted', async () => {
    const { userId } = story.learner;
    const history = await json('GET', `/api/audit/users/${userId}/history`);
    const answers: Record<string, unknown[]> = {
      'the user history': [...history.streams.flatMap((s: { events: unknown[] }) => s.events), ...history.actions],
      "the booking's audit": (await json('GET', `/api/booking/audit/${story.bookingId}`)).events,
      "the scheduled event's audit": (await json('GET', `/api/scheduledEvents/${scheduledEventId}/audit`)).events,
      "the user's timeline": await timeline('user', userId),
      "the booking's timeline": await timeline('booking', story.bookingId),
      "the user's trail export": (await json('POST', `/api/audit/subjects/user/${userId}/exports`, { format: 'json' })).events,
      "the booking's trail export": (await json('POST', `/api/audit/subjects/booking/${story.bookingId}/exports`, { format: 'json' })).events,
    };
    for (const [name, events] of Object.entries(answers)) {
      // a timeline's row is the audited row, a SCORM commit's words beside it (issue 27)
      const audited = rows(
        events.map((e) => (name === 'the user history' ? withoutVerified(e) : e)),
        name.endsWith('timeline') ? (auditTimelineEventSchema as unknown as typeof auditedEventSchema) : auditedEventSchema,
      );
      expect(EVERY_EVENT_TYPE.filter((type) => !audited.some((e) => e.type === type)), `${name} misses these types`).toEqual([]);
      expect(unredacted(audited), name).toEqual([]);
    }
    // the answer sheet's audit shows its AnswerSubmitted events only, the generated one among them
    const sheet = rows((await json('GET', `/api/audit/answers/${userId}`)).answers);
    expect(new Set(sheet.map((e) => e.type))).toEqual(new Set(['AnswerSubmitted']));
    expect(sheet.some((e) => e.data.auditProbe !== undefined)).toBe(true);
    expect(unredacted(sheet)).toEqual([]);
  });
});

/** A user history's action: the audited row and whether its stream verifies. */
function withoutVerified(e: unknown) {
  const { verified: _verified, ...row } = e as { verified?: boolean };
  return row;
}
