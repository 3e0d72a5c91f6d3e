import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryBus } from '@nestjs/cqrs';
import yauzl from 'yauzl';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { lastMail, registerUser, signIn, STRONG_PASSWORD, type TestUser } from '@portal/testing/identity';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, PROJECTIONS } from '@portal/platform';
import { createCompany, staff } from '../../testing/user-admin-kit.js';
import { SubjectEraser } from '../shared/subject-eraser.js';
import { DataExportStore } from './data-export-store.js';
import { PrivacyRequestsProcess } from './privacy-requests.process.js';

/**
 * The rights workflow over HTTP on a real database (ADR 0092): the export ZIP mailed as a link only
 * its subject can open, the deletion's grace period cancelled by signing in, the erasure after it
 * through SubjectEraser (a recording binding: crypto-shredding is part A's), blocked by a legal
 * hold, done once; and who may see and act on whose requests.
 */
const DAY = 24 * 60 * 60 * 1000;

class RecordingEraser extends SubjectEraser {
  readonly calls: { subjectId: string; requestId: string; actorId: string }[] = [];
  erase(subjectId: string, context: { requestId: string; actorId: string }) {
    this.calls.push({ subjectId, ...context });
    return Promise.resolve({ erasedAt: '2026-12-01T00:00:00.000Z', proof: `event:proof-of-${subjectId}@42` });
  }
}

/** The job as the app builds it, with the recording eraser in place of the unbound one. */
function jobWith(t: TestApp, eraser: SubjectEraser): PrivacyRequestsProcess {
  const get = <T>(token: unknown) => t.app.get<T>(token as never, { strict: false });
  return new PrivacyRequestsProcess(get(EVENT_STORE), get(PROJECTIONS), get(CLOCK), get(QueryBus), get(MAILER), get(APP_CONFIG), get(DataExportStore), eraser);
}

function unzip(bytes: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

/** The read models have applied everything written so far (the manager's and auditor's lists read them). */
const caughtUp = async (t: TestApp) => {
  await t.infra.projections.waitForAll(['privacy-requests', 'users', 'audit-subjects'], await t.infra.store.headCheckpoint(), 15_000);
};

const privacy = (t: TestApp, u: TestUser) => t.request('GET', '/api/privacy/me', { token: u.token });

describe('privacy requests', () => {
  let t: TestApp;
  let A: string;
  let B: string;
  let adminA: TestUser;
  let adminB: TestUser;
  let all: TestUser;
  let auditor: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    A = await createCompany(t, 'Alfa');
    B = await createCompany(t, 'Beta');
    adminA = await staff(t, 'admin@alfa.test', { roles: ['company_admin'], permissions: ['manage_companies_users'], companyId: A });
    adminB = await staff(t, 'admin@beta.test', { roles: ['company_admin'], permissions: ['manage_companies_users'], companyId: B });
    all = await staff(t, 'all@portal.test', { roles: ['company_admin'], permissions: ['manage_companies_users', 'manage_all_companies'], companyId: null });
    auditor = await staff(t, 'auditor@portal.test', { roles: ['auditor'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('"Download my data": built in the background, mailed as a link, only its subject opens it, and the link expires', async () => {
    const learner = await staff(t, 'learner.export@alfa.test', { roles: ['learner'], companyId: A });
    const other = await staff(t, 'other.export@alfa.test', { roles: ['learner'], companyId: A });
    // events of both in another context (learning progress, the learner as actor)
    for (const u of [learner, other]) {
      await t.infra.store.append(
        `learning.progress-${u.userId}-station-1`,
        [
          { type: 'StationVisited', data: { actor: u.userId, stationId: 'station-1', viewType: 'map', visitedAt: '2026-11-20T10:00:00.000Z' } },
          { type: 'ContentViewed', data: { actor: u.userId, stationId: 'station-1', entryId: 'entry-1', entryType: 'video', viewedAt: '2026-11-20T10:01:00.000Z' } },
        ],
        { expectedRevision: 'any', context: { correlationId: `progress-${u.userId}`, actor: u.userId, origin: 'web' } },
      );
    }
    const asked = await t.request('POST', '/api/privacy/me/exports', { token: learner.token });
    expect(asked.statusCode).toBe(202);
    const { requestId, dueAt } = asked.json();
    expect(dueAt).toBe(new Date(Date.parse(t.clock.now().toISOString()) + 15 * DAY).toISOString());
    // asking again while it is open answers the same request
    expect((await t.request('POST', '/api/privacy/me/exports', { token: learner.token })).json().requestId).toBe(requestId);

    await t.app.get(PrivacyRequestsProcess).runOnce();
    const mail = await lastMail(t, learner.email);
    expect(mail.subject).toBe('Seus dados estão prontos para download');
    expect(mail.link).toContain(`/privacy/exports/${requestId}`);

    const file = await t.request('GET', `/api/privacy/exports/${requestId}/file`, { token: learner.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const files = await unzip(file.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['events.json', 'index.html', 'privacy.json', 'profile.json']);
    const events = JSON.parse(files['events.json']!);
    const types = events.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['UserRegistered', 'ProfileUpdated', 'SessionStarted', 'SignInSucceeded', 'DataExportRequested']));
    expect(events.eventCount).toBe(events.events.length);
    // every event of the log about the learner is in it, and none about the other subject
    const log = (await t.infra.store.readAll({ limit: 100_000 })).events;
    const about = (id: string) => (e: (typeof log)[number]) => e.metadata.actor === id || e.data.userId === id || e.data.actor === id || e.streamId.endsWith(id);
    const exportedIds = new Set(events.events.map((e: { eventId: string }) => e.eventId));
    const theirs = log.filter(about(learner.userId)).filter((e) => e.type !== 'DataExportPrepared');
    expect(theirs.length).toBeGreaterThan(8);
    expect(theirs.filter((e) => !exportedIds.has(e.metadata.eventId)).map((e) => e.type)).toEqual([]);
    expect(types).toEqual(expect.arrayContaining(['StationVisited', 'ContentViewed']));
    expect(log.filter(about(other.userId)).filter((e) => exportedIds.has(e.metadata.eventId))).toEqual([]);
    // nothing of another subject, and no secret (the password hash is redacted)
    expect(file.rawPayload.includes(Buffer.from(other.userId))).toBe(false);
    expect(files['events.json']).not.toContain('$argon2');
    expect(JSON.parse(files['profile.json']!).email).toBe(learner.email);
    expect(files['index.html']).toContain('Meus dados no portal');

    // someone else's token: unknown (404); the auditor sees it honoured with the ZIP's hash
    expect((await t.request('GET', `/api/privacy/exports/${requestId}/file`, { token: other.token })).statusCode).toBe(404);
    await caughtUp(t);
    const audited = (await t.request('GET', '/api/audit/privacy-requests', { token: auditor.token })).json().items.find((r: { requestId: string }) => r.requestId === requestId);
    expect(audited).toMatchObject({ status: 'honoured', userId: learner.userId, requestedBy: learner.userId, proof: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(JSON.stringify(audited)).not.toContain(learner.email);

    t.clock.advance(8 * DAY);
    const later = await signIn(t, learner.email, STRONG_PASSWORD);
    const expired = await t.request('GET', `/api/privacy/exports/${requestId}/file`, { token: later.token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('expired-action-code');
  });

  it('"Delete my account": the sessions end, and signing in within the grace period cancels it', async () => {
    const learner = await staff(t, 'learner.leaving@alfa.test', { roles: ['learner'], companyId: A });
    expect((await t.request('POST', '/api/privacy/me/deletion', { token: learner.token, body: {} })).json()).toMatchObject({ statusCode: 400, code: 'app/bed-request' });
    const asked = await t.request('POST', '/api/privacy/me/deletion', { token: learner.token, body: { confirm: true } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().eraseAfter).toBe(new Date(Date.parse(t.clock.now().toISOString()) + 7 * DAY).toISOString());
    expect((await lastMail(t, learner.email)).subject).toBe('Sua conta será excluída');
    expect((await privacy(t, learner)).statusCode).toBe(401);

    t.clock.advance(3 * DAY);
    const back = await signIn(t, learner.email, STRONG_PASSWORD);
    const mine = (await privacy(t, back)).json();
    expect(mine.requests[0]).toMatchObject({ kind: 'deletion', status: 'canceled', canceledReason: 'signed-in' });
    expect((await lastMail(t, learner.email)).subject).toBe('A exclusão da sua conta foi cancelada');

    t.clock.advance(5 * DAY);
    const eraser = new RecordingEraser();
    await jobWith(t, eraser).runOnce();
    expect(eraser.calls.filter((c) => c.subjectId === learner.userId)).toEqual([]);
  });

  it('after the grace period the subject is erased through SubjectEraser, once; a legal hold blocks it until lifted', async () => {
    const held = await staff(t, 'learner.held@alfa.test', { roles: ['learner'], companyId: A });
    const gone = await staff(t, 'learner.gone@alfa.test', { roles: ['learner'], companyId: A });
    // the hold's scope check reads the users read model: the admin's screen lists the user first
    await caughtUp(t);
    const hold = await t.request('POST', `/api/manage-users/privacy-holds/${held.userId}`, { token: adminA.token, body: { reason: 'Open audit 2026-17' } });
    expect(hold.statusCode).toBe(201);
    for (const u of [held, gone]) expect((await t.request('POST', '/api/privacy/me/deletion', { token: u.token, body: { confirm: true } })).statusCode).toBe(202);

    const eraser = new RecordingEraser();
    const job = jobWith(t, eraser);
    t.clock.advance(6 * DAY);
    await job.runOnce();
    expect(eraser.calls).toEqual([]);

    t.clock.advance(2 * DAY);
    const first = await job.runOnce();
    expect(first).toMatchObject({ erased: 1, held: 1 });
    expect(eraser.calls).toEqual([{ subjectId: gone.userId, requestId: expect.any(String), actorId: gone.userId }]);
    // a second run erases nothing more
    expect(await job.runOnce()).toMatchObject({ erased: 0, held: 1 });
    expect(eraser.calls).toHaveLength(1);

    await caughtUp(t);
    const list = (await t.request('GET', '/api/manage-users/privacy-requests', { token: adminA.token })).json();
    expect(list.items.find((r: { userId: string }) => r.userId === gone.userId)).toMatchObject({ kind: 'deletion', status: 'honoured' });
    expect(list.items.find((r: { userId: string }) => r.userId === held.userId)).toMatchObject({ kind: 'deletion', status: 'pending', held: true });
    const audited = (await t.request('GET', '/api/audit/privacy-requests', { token: auditor.token })).json().items.find((r: { userId: string }) => r.userId === gone.userId);
    expect(audited).toMatchObject({ status: 'honoured', erased: true, proof: `event:proof-of-${gone.userId}@42` });

    const lifted = await t.request('DELETE', `/api/manage-users/privacy-holds/${held.userId}/${hold.json().holdId}`, { token: adminA.token });
    expect(lifted.statusCode).toBe(204);
    expect(await job.runOnce()).toMatchObject({ erased: 1, held: 0 });
    expect(eraser.calls.map((c) => c.subjectId)).toEqual([gone.userId, held.userId]);
  });

  it('a company admin sees and acts on their company\'s requests only; manage_all_companies on all; others are refused', async () => {
    const inA = await staff(t, 'scope.a@alfa.test', { roles: ['learner'], companyId: A });
    const inB = await staff(t, 'scope.b@beta.test', { roles: ['learner'], companyId: B });
    const requestOfB = (await t.request('POST', '/api/privacy/me/deletion', { token: inB.token, body: { confirm: true } })).json().requestId;
    await t.request('POST', '/api/privacy/me/exports', { token: inA.token });

    await caughtUp(t);
    const ofA = (await t.request('GET', '/api/manage-users/privacy-requests', { token: adminA.token })).json();
    expect(ofA.items.some((r: { userId: string }) => r.userId === inA.userId)).toBe(true);
    expect(ofA.items.every((r: { companyId: string }) => r.companyId === A)).toBe(true);
    expect(ofA.items.find((r: { userId: string }) => r.userId === inA.userId)).toMatchObject({ email: inA.email });
    const everyone = (await t.request('GET', '/api/manage-users/privacy-requests', { token: all.token })).json();
    expect(everyone.items.some((r: { userId: string }) => r.userId === inB.userId)).toBe(true);

    // another company's request and user: unknown
    expect((await t.request('POST', `/api/manage-users/privacy-requests/${requestOfB}/cancel`, { token: adminA.token })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/manage-users/privacy-holds/${inB.userId}`, { token: adminA.token, body: { reason: 'not mine' } })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/manage-users/privacy-holds/${inB.userId}`, { token: adminA.token })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/manage-users/privacy-holds/${inB.userId}`, { token: adminB.token })).json()).toEqual({ items: [] });
    // a learner and an auditor have no manager scope; a learner is not an auditor; signed out is 401
    expect((await t.request('GET', '/api/manage-users/privacy-requests', { token: inA.token })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/manage-users/privacy-requests', { token: auditor.token })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/audit/privacy-requests', { token: inA.token })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/manage-users/privacy-requests')).statusCode).toBe(401);
    expect((await t.request('POST', `/api/manage-users/privacy-holds/${inA.userId}`, { token: adminA.token, body: { reason: '' } })).json()).toMatchObject({ statusCode: 400, code: 'app/bed-request' });

    // the admin of B cancels on the subject's behalf
    expect((await t.request('POST', `/api/manage-users/privacy-requests/${requestOfB}/cancel`, { token: adminB.token })).statusCode).toBe(204);
    await caughtUp(t);
    const ofB = (await t.request('GET', '/api/manage-users/privacy-requests', { token: adminB.token })).json();
    expect(ofB.items.find((r: { requestId: string }) => r.requestId === requestOfB)).toMatchObject({ status: 'canceled', canceledReason: 'operator' });
  });

  it('requests near their deadline are counted for the dashboard', async () => {
    const slow = await staff(t, 'slow@beta.test', { roles: ['learner'], companyId: B });
    await t.request('POST', '/api/privacy/me/deletion', { token: slow.token, body: { confirm: true } });
    await caughtUp(t);
    const before = (await t.request('GET', '/api/manage-users/privacy-requests?nearDeadline=true', { token: adminB.token })).json();
    expect(before.items.some((r: { userId: string }) => r.userId === slow.userId)).toBe(false);
    t.clock.advance(13 * DAY);
    const admin = await signIn(t, adminB.email, STRONG_PASSWORD);
    const near = (await t.request('GET', '/api/manage-users/privacy-requests?nearDeadline=true', { token: admin.token })).json();
    expect(near.items.find((r: { userId: string }) => r.userId === slow.userId)).toMatchObject({ nearDeadline: true });
    expect(near.nearDeadline).toBeGreaterThanOrEqual(1);
  });

  it('consents: the registration records its text version; withdrawn and given again with the version shown; a stale version is refused', async () => {
    // a registration screen showing another text than the one in force: refused, no account
    const stale0 = await t.request('POST', '/api/createUserRegister', {
      body: { email: 'stale.consent@alfa.test', password: STRONG_PASSWORD, country: 'BR', consent: true, consentTextVersion: '2025-01', lang: 'pt-BR' },
    });
    expect(stale0.json()).toMatchObject({ statusCode: 400, code: 'app/bed-request', details: [{ path: 'consentTextVersion' }] });
    expect((await t.request('POST', '/api/auth/signIn', { body: { email: 'stale.consent@alfa.test', password: STRONG_PASSWORD } })).statusCode).not.toBe(200);
    const learner = await registerUser(t, 'consents@alfa.test', { consentTextVersion: '2026-01' });
    const start = (await privacy(t, learner)).json().consents;
    expect(start).toEqual([
      { consent: 'registration', given: true, textVersion: '2026-01', at: expect.any(String) },
      { consent: 'marketing', given: false, textVersion: '2026-12', at: null },
    ]);
    expect((await t.request('PUT', '/api/privacy/me/consents/marketing', { token: learner.token, body: { given: true, textVersion: '2026-12' } })).json()).toMatchObject({ given: true });
    expect((await t.request('PUT', '/api/privacy/me/consents/registration', { token: learner.token, body: { given: false, textVersion: '2026-01' } })).json()).toMatchObject({ given: false });
    const stale = await t.request('PUT', '/api/privacy/me/consents/marketing', { token: learner.token, body: { given: false, textVersion: '2025-01' } });
    expect(stale.json()).toMatchObject({ statusCode: 400, code: 'app/bed-request', details: [{ path: 'textVersion' }] });
    const events = await t.infra.store.readStream(`identity.privacy-${learner.userId}`);
    expect(events.map((e) => [e.type, e.data.consent, e.data.textVersion])).toEqual([
      ['ConsentGiven', 'registration', '2026-01'],
      ['ConsentGiven', 'marketing', '2026-12'],
      ['ConsentWithdrawn', 'registration', '2026-01'],
    ]);
  });

  it('the processing page names what is processed and the recipients this installation has configured', async () => {
    const learner = await registerUser(t, 'processing@alfa.test');
    const info = (await t.request('GET', '/api/privacy/processing', { token: learner.token })).json();
    expect(info.sharing).toEqual([
      { recipient: 'mail', configured: false, host: null },
      { recipient: 'messaging', configured: false, host: null },
      { recipient: 'xapi', configured: false, host: null },
    ]);
    expect(info.categories).toContain('learning');
  });
});
