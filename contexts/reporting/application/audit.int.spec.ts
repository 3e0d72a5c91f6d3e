import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@portal/database';
import { newId, type Permission, type Role } from '@portal/kernel';
import { APP_CONFIG, verifyWholeLog, type AppConfig } from '@portal/platform';
import { learnerStream } from '@portal/assessment/contracts';
import { userStream } from '@portal/identity/contracts';
import { startTestApp, type TestApp } from '@portal/testing/app';
import {
  auditEvents,
  auditFindResponseSchema,
  auditTimelineResponseSchema,
  auditVerificationResponseSchema,
  type AuditTimeline,
  type AuditTimelineEvent,
  type AuditVerification,
} from '../contracts/index.js';
import { tellAuditStory, type AuditStory } from '../testing/audit-story.js';
import { AuditVerificationRuns } from './shared/audit-verification-runs.js';

/**
 * The auditor's area over HTTP on a real database (ADR 0071): who may call it, finding subjects,
 * a learner's timeline in global order across streams with who, when, from where and each chain,
 * the address and user agent of HTTP writes, recorded exports, and tampering found by the
 * screen's whole-log verification and the CLI's function alike.
 */
let t: TestApp;
let story: AuditStory;
let auditor: { id: string; token: string };

const tokenOf = async (roles: Role[], permissions: Permission[] = [], sub = newId()) =>
  t.infra.tokens.issue({
    sub,
    sid: newId(),
    email: `${roles.join('.')}@test.agro`,
    roles,
    permissions,
    aclTags: [],
    companyId: roles.includes('company_manager') || roles.includes('company_admin') ? '01900000-0000-7000-8000-0000000000a1' : null,
    country: 'BR',
    allowedStations: 'all',
    registerStatus: 'Completed',
    emailVerified: true,
  });

const get = (url: string, token = auditor.token) => t.request('GET', url, { token });
async function timelineOf(kind: string, id: string, query = ''): Promise<AuditTimeline> {
  const res = await get(`/api/audit/subjects/${kind}/${id}/timeline${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditTimelineResponseSchema.parse(res.json());
}
/** Every page of a timeline, following `next`. */
async function wholeTimeline(kind: string, id: string, limit: number): Promise<AuditTimelineEvent[]> {
  const all: AuditTimelineEvent[] = [];
  let next: string | null = null;
  do {
    const page: AuditTimeline = await timelineOf(kind, id, `?limit=${limit}${next ? `&after=${next}` : ''}`);
    all.push(...page.events);
    next = page.next;
  } while (next);
  return all;
}
const order = (p: string) => p.split('.').map(BigInt) as [bigint, bigint];
const before = (a: string, b: string) => {
  const [ta, pa] = order(a);
  const [tb, pb] = order(b);
  return ta < tb || (ta === tb && pa < pb);
};
async function finishedRun(): Promise<AuditVerification> {
  await t.app.get(AuditVerificationRuns).settled();
  const res = await get('/api/audit/verifications/current');
  expect(res.statusCode, res.body).toBe(200);
  return auditVerificationResponseSchema.parse(res.json()).run!;
}

beforeAll(async () => {
  t = await startTestApp();
  story = await tellAuditStory(t);
  // an HTTP write of Joana's, from a browser the test names
  const sent = await t.request('POST', '/api/support/message', {
    token: story.learner.token,
    headers: { 'user-agent': 'Mozilla/5.0 (AuditTest)' },
    body: { origin: 'https://portal.example/home', subject: 'Acesso', title: 'Certificado', message: 'Onde baixo meu certificado?' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const id = newId();
  auditor = { id, token: await tokenOf(['auditor'], [], id) };
  await t.infra.projections.catchUp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the auditor area is the auditors\' alone', () => {
  const routes = () => [
    { method: 'GET', url: '/api/audit/find?kind=user&q=joana', ok: 200 },
    { method: 'GET', url: `/api/audit/subjects/user/${story.learner.userId}/timeline`, ok: 200 },
    { method: 'POST', url: `/api/audit/subjects/user/${story.learner.userId}/exports`, body: { format: 'json' }, ok: 200 },
    { method: 'GET', url: '/api/audit/verifications/current', ok: 200 },
    { method: 'POST', url: '/api/audit/verifications', ok: 202 },
  ];
  const callers: { who: string; token: () => Promise<string | undefined> }[] = [
    { who: 'a learner', token: () => tokenOf(['learner']) },
    { who: 'a company manager with every manager permission', token: () => tokenOf(['company_manager'], ['manage_companies_users', 'view_manager_dashboard']) },
    { who: 'a company admin with manage_all_companies', token: () => tokenOf(['company_admin'], ['manage_all_companies', 'manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard', 'manage_whatsapp']) },
    { who: 'a tc_admin', token: () => tokenOf(['tc_admin']) },
    { who: 'a tc_manager', token: () => tokenOf(['tc_manager']) },
  ];

  it('answers 401 signed out and 403 to every other role, on every route', async () => {
    for (const route of routes()) {
      const anonymous = await t.request(route.method, route.url, { body: route.body });
      expect(anonymous.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
      for (const caller of callers) {
        const res = await t.request(route.method, route.url, { token: await caller.token(), body: route.body });
        expect(res.statusCode, `${route.method} ${route.url} as ${caller.who}`).toBe(403);
      }
    }
  });

  it('answers the auditor on every route', async () => {
    for (const route of routes()) {
      const res = await t.request(route.method, route.url, { token: auditor.token, body: route.body });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(route.ok);
    }
    await finishedRun();
  });

  it('answers 400 with the field for bad input and 404 for a subject the log does not know', async () => {
    const bad = [
      ['/api/audit/find?kind=invoice&q=x', 'kind'],
      ['/api/audit/find?kind=user&q=', 'q'],
      [`/api/audit/subjects/user/${story.learner.userId}/timeline?limit=0`, 'limit'],
      [`/api/audit/subjects/user/${story.learner.userId}/timeline?after=abc`, 'after'],
      ['/api/audit/subjects/invoice/1/timeline', 'kind'],
      // longer than the router's default parameter length (100): still the route's own 400
      [`/api/audit/subjects/user/${'x'.repeat(201)}/timeline`, 'id'],
    ] as const;
    for (const [url, field] of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'app/bed-request', details: [expect.objectContaining({ path: field })] });
    }
    const format = await t.request('POST', `/api/audit/subjects/user/${story.learner.userId}/exports`, { token: auditor.token, body: { format: 'xml' } });
    expect(format.statusCode).toBe(400);
    expect((await get(`/api/audit/subjects/user/${newId()}/timeline`)).statusCode).toBe(404);
    expect((await get(`/api/audit/subjects/user/${'x'.repeat(150)}/timeline`)).statusCode).toBe(404);
    // an answer's id is not a user's
    expect((await get(`/api/audit/subjects/user/${story.firstAnswer}/timeline`)).statusCode).toBe(404);
  });
});

describe('finding what to trace', () => {
  const find = async (kind: string, q: string) => {
    const res = await get(`/api/audit/find?kind=${kind}&q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return auditFindResponseSchema.parse(res.json()).subjects;
  };

  it('finds a user by e-mail and by id, a booking by the visitor e-mail, answers by row id, event id or learner, a certificate by id or holder', async () => {
    expect((await find('user', 'joana.prado')).map((s) => s.id)).toEqual([story.learner.userId]);
    expect((await find('user', story.learner.userId))[0]).toMatchObject({ kind: 'user', id: story.learner.userId, detail: story.learner.email });
    expect((await find('booking', 'joana.prado@example.com'))[0]).toMatchObject({ kind: 'booking', id: story.bookingId, label: 'Joana Prado', detail: 'joana.prado@example.com · 2026-12-03 09:00' });
    expect((await find('booking', story.bookingId)).map((s) => s.id)).toEqual([story.bookingId]);
    expect((await find('answer', story.firstAnswer)).map((s) => s.id)).toEqual([story.firstAnswer]);
    // the learner's answers, newest first, by their e-mail or id
    expect((await find('answer', 'joana.prado@example.com')).map((s) => s.id)).toEqual([story.retry, story.firstAnswer]);
    expect((await find('answer', story.learner.userId)).map((s) => s.id)).toEqual([story.retry, story.firstAnswer]);
    const [event] = await t.infra.store.readStream(learnerStream(story.learner.userId));
    expect((await find('answer', event!.metadata.eventId)).map((s) => s.id)).toEqual([story.firstAnswer]);
    expect((await find('certificate', story.certificateId))[0]).toMatchObject({ id: story.certificateId, label: 'Soy certificate', detail: 'Joana Prado' });
    expect((await find('certificate', 'joana')).map((s) => s.id)).toEqual([story.certificateId]);
    expect(await find('booking', 'nobody@example.com')).toEqual([]);
  });
});

describe("a learner's timeline", () => {
  it('holds every event that concerns her, across her streams, in the global order of the log', async () => {
    const first = await timelineOf('user', story.learner.userId);
    const events = first.events;
    const streams = new Set(events.map((e) => e.streamId));
    for (const prefix of ['identity.user-', 'identity.email-', 'identity.session-', 'assessment.learner-', 'scoring.certificate-', 'booking.booking-', 'booking.visitor-', 'engagement.support-']) {
      expect([...streams].some((s) => s.startsWith(prefix)), prefix).toBe(true);
    }
    for (let i = 1; i < events.length; i++) expect(before(events[i - 1]!.position, events[i]!.position), `${events[i - 1]!.type} before ${events[i]!.type}`).toBe(true);
    // the log's own order: the same events as readAll hands them out
    const log = (await t.infra.store.readAll({ limit: 10_000 })).events.map((e) => `${e.checkpoint.transactionId}.${e.checkpoint.position}`);
    const mine = new Set(events.map((e) => e.position));
    expect(log.filter((p) => mine.has(p))).toEqual(events.map((e) => e.position));
    // streams interleave: the first answer comes between the registration and the booking, the retry after the booking
    const types = events.map((e) => e.type);
    expect(types.indexOf('UserRegistered')).toBeLessThan(types.indexOf('AnswerSubmitted'));
    expect(types.indexOf('AnswerSubmitted')).toBeLessThan(types.indexOf('BookingRequested'));
    expect(types.lastIndexOf('AnswerSubmitted')).toBeGreaterThan(types.indexOf('BookingRequested'));
    expect(types.indexOf('CertificateIssued')).toBeGreaterThan(types.lastIndexOf('AnswerSubmitted'));
    // who, correlation and causation; secrets' hashes redacted
    const registered = events.find((e) => e.type === 'UserRegistered')!;
    expect(registered).toMatchObject({ actor: expect.stringMatching(/^(guest:|system)/), origin: 'web', correlationId: expect.any(String), causationId: expect.any(String) });
    expect(registered.data.passwordHash).toBe('[redacted]');
    expect(events.find((e) => e.type === 'BookingRequested')!.data.confirmTokenHash).toBe('[redacted]');
    // every stream of the page verifies, and the facets count the whole trail
    expect(first.streams.length).toBe(streams.size);
    expect(first.streams.every((s) => s.verified && s.brokenAt === null)).toBe(true);
    expect(first.facets?.total).toBe(events.length);
    expect(first.facets?.types.find((f) => f.type === 'AnswerSubmitted')?.events).toBe(2);
  });

  it('pages through the same events in the same order, and filters by stream and type', async () => {
    const all = (await timelineOf('user', story.learner.userId)).events;
    expect((await wholeTimeline('user', story.learner.userId, 3)).map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));
    const answers = await timelineOf('user', story.learner.userId, `?stream=${learnerStream(story.learner.userId)}`);
    expect(answers.events.map((e) => e.data.rowId)).toEqual([story.firstAnswer, story.retry]);
    const certificates = await timelineOf('user', story.learner.userId, '?type=CertificateIssued');
    expect(certificates.events.map((e) => e.data.certificateId)).toEqual([story.certificateId]);
  });

  it("records the request's address and user agent with every HTTP write; events appended otherwise show none", async () => {
    const events = (await timelineOf('user', story.learner.userId)).events;
    const sent = events.find((e) => e.type === 'SupportMessageSent')!;
    expect(sent).toMatchObject({ ip: '127.0.0.1', userAgent: 'Mozilla/5.0 (AuditTest)', actor: story.learner.userId, origin: 'web' });
    expect(events.find((e) => e.type === 'UserRegistered')).toMatchObject({ ip: '127.0.0.1', userAgent: expect.any(String) });
    expect(events.find((e) => e.type === 'CertificateIssued')).toMatchObject({ ip: null, userAgent: null, origin: 'system' });
  });

  it("shows an answer's own trail, a booking's across its streams and a certificate's", async () => {
    const answer = await timelineOf('answer', story.retry);
    // no catalogue in this story: the ids stand in for the words (ADR 0083)
    expect(answer.subject).toMatchObject({ kind: 'answer', id: story.retry, label: 'q-soja-1 · soja-plantio', detail: `${story.learner.email} · a-right · ✓ · #2` });
    expect(answer.events.map((e) => [e.type, e.data.rowId])).toEqual([['AnswerSubmitted', story.retry]]);
    expect(answer.streams).toEqual([expect.objectContaining({ streamId: learnerStream(story.learner.userId), verified: true, checked: 2 })]);
    const booking = await timelineOf('booking', story.bookingId);
    expect(booking.events.map((e) => [e.type, e.streamId.split('-')[0]])).toEqual([
      ['VisitorBookingClaimed', 'booking.visitor'],
      ['BookingRequested', 'booking.booking'],
    ]);
    const certificate = await timelineOf('certificate', story.certificateId);
    expect(certificate.events.map((e) => e.type)).toEqual(['CertificateIssued']);
  });
});

describe('trail exports', () => {
  it('streams the trail as CSV and JSON, each export recorded first as AuditTrailExported with its event count', async () => {
    // the export holds the trail up to the log's head: read the expected trail from there too
    await t.infra.projections.waitForHead('audit-subjects');
    const trail = (await timelineOf('user', story.learner.userId)).events;
    const csv = await t.request('POST', `/api/audit/subjects/user/${story.learner.userId}/exports`, { token: auditor.token, body: { format: 'csv' } });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(csv.headers['content-disposition'])).toBe(`attachment; filename="audit-user-${story.learner.userId}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('position,recordedAt,streamId,revision,type,eventId,actor,by,origin,ip,userAgent,correlationId,causationId,clientTime,hash,data');
    expect(lines.slice(1).map((l) => l.split(',')[5])).toEqual(trail.map((e) => e.eventId));

    const json = await t.request('POST', `/api/audit/subjects/user/${story.learner.userId}/exports`, { token: auditor.token, body: { format: 'json' } });
    expect(json.statusCode).toBe(200);
    const file = JSON.parse(json.body) as { format: string; subject: unknown; eventCount: number; events: AuditTimelineEvent[] };
    expect(file).toMatchObject({ format: 'portal-audit-trail/1', subject: { kind: 'user', id: story.learner.userId } });
    // the CSV's export is on the trail now: the JSON file holds it too
    expect(file.events.map((e) => e.type)).toEqual([...trail.map((e) => e.type), 'AuditTrailExported']);
    expect(file.eventCount).toBe(file.events.length);

    await t.infra.projections.catchUp();
    const recorded = (await t.infra.store.readAll({ types: ['AuditTrailExported'], limit: 100 })).events.map((e) => auditEvents.parseRecorded(e));
    const mine = recorded.filter((e) => e.data.subject.id === story.learner.userId && e.data.by === auditor.id);
    expect(mine.map((e) => [e.data.format, e.data.events])).toEqual(expect.arrayContaining([['csv', trail.length], ['json', trail.length + 1]]));
    expect(mine.every((e) => e.metadata.actor === auditor.id && e.metadata.ip === '127.0.0.1')).toBe(true);
    // who exported shows on the learner's trail and on the auditor's own
    const after = (await timelineOf('user', story.learner.userId)).events.filter((e) => e.type === 'AuditTrailExported');
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect((await timelineOf('user', auditor.id)).events.every((e) => e.type === 'AuditTrailExported')).toBe(true);
  });
});

describe('whole-log verification', () => {
  it('passes on the intact log, with its progress and the checkpoint it verified up to', async () => {
    const started = await t.request('POST', '/api/audit/verifications', { token: auditor.token });
    expect(started.statusCode, started.body).toBe(202);
    expect(auditVerificationResponseSchema.parse(started.json()).run).toMatchObject({ status: 'running', startedBy: auditor.id });
    const run = await finishedRun();
    expect(run).toMatchObject({ status: 'passed', startedBy: auditor.id, result: { breaks: [] } });
    expect(run.checked).toBe(run.total);
    expect(run.result!.events).toBeGreaterThan(5);
  });

  it('runs one at a time: a second start while one runs answers 409', async () => {
    // both at once: on embedded PGlite a run over this small log can end before a second request
    // sent after the first answer arrives, so the two are sent together and exactly one starts
    const answers = await Promise.all([0, 1].map(() => t.request('POST', '/api/audit/verifications', { token: auditor.token })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'audit-verification-running' });
    await finishedRun();
  });

  it("finds a changed event and a deleted one: the timeline's chain badges, the screen's run and the CLI's function name the stream and revision", async () => {
    const account = userStream(story.learner.userId);
    const answers = learnerStream(story.learner.userId);
    await query(t.infra.database.db, `update es_events set data = jsonb_set(data, '{country}', '"AR"') where stream_id = $1 and revision = 0`, [account]);
    await query(t.infra.database.db, `delete from es_events where stream_id = $1 and revision = 0`, [answers]);

    const chains = (await timelineOf('user', story.learner.userId)).streams;
    expect(chains.find((c) => c.streamId === account)).toMatchObject({ verified: false, brokenAt: '0' });
    expect(chains.find((c) => c.streamId === answers)).toMatchObject({ verified: false, brokenAt: '0' });

    expect((await t.request('POST', '/api/audit/verifications', { token: auditor.token })).statusCode).toBe(202);
    const run = await finishedRun();
    expect(run.status).toBe('failed');
    const streamBreaks = run.result!.breaks.filter((b) => b.kind === 'stream').map((b) => [b.streamId, b.revision]);
    expect(streamBreaks).toEqual(expect.arrayContaining([[account, '0'], [answers, '0']]));

    const cli = await verifyWholeLog(t.infra.logAudit!, t.app.get<AppConfig>(APP_CONFIG));
    expect(cli.ok).toBe(false);
    expect(cli.breaks.filter((b) => b.kind === 'stream').map((b) => [b.streamId, String(b.revision)])).toEqual(streamBreaks);
  });
});
