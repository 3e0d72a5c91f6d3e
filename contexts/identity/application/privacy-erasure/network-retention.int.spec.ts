import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@portal/database';
import { ed25519Signer, ERASED, generateSigningKey, publicKeyOf } from '@portal/eventstore';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { wherePlaintext } from '@portal/testing/privacy';
import { registerUser, STRONG_PASSWORD, type TestUser } from '@portal/testing/identity';
import { NETWORK_RETENTION_STREAM, sessionStream, userStream } from '../../contracts/index.js';
import { NetworkDataRetention } from './network-retention.js';

/**
 * The network-data retention (issue 31, ADR 0091, Marco Civil art. 15): IP addresses and user
 * agents in events and metadata older than PRIVACY_NETWORK_RETENTION_DAYS (default 183) are
 * shredded by the job; newer ones, and everything else, are kept; the log still verifies.
 */
const OLD_IP = '203.0.113.41';
const OLD_AGENT = 'OldBrowser/1.0 (January)';
const NEW_IP = '203.0.113.99';
const NEW_AGENT = 'NewBrowser/2.0 (November)';
const EMAIL = 'retention.learner@example.com';

let t: TestApp;
let learner: TestUser;
const signingKey = generateSigningKey();

const signInFrom = async (ip: string, agent: string) => {
  const res = await t.request('POST', '/api/auth/signIn', { headers: { 'x-forwarded-for': ip, 'user-agent': agent }, body: { email: EMAIL, password: STRONG_PASSWORD } });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  // the default retention: no PRIVACY_NETWORK_RETENTION_DAYS given
  t = await startTestApp({ TRUST_PROXY: 'true', PRIVACY_RETENTION_SWEEP_SECONDS: '0' });
  t.clock.set('2026-01-10T09:00:00.000Z');
  learner = await registerUser(t, EMAIL);
  await signInFrom(OLD_IP, OLD_AGENT);
  t.clock.set('2026-11-21T12:00:00.000Z');
  await signInFrom(NEW_IP, NEW_AGENT);
  await t.infra.projections.catchUp();
  await t.infra.logAudit!.seal({ signer: ed25519Signer(signingKey) });
});
afterAll(async () => {
  await t.close();
});

/** Every sign-in of the learner as the store reads it: the event's IP, the metadata's IP and user agent. */
async function signIns(): Promise<Array<{ at: string; ip: unknown; metaIp: unknown; metaAgent: unknown }>> {
  const events = await t.infra.store.readStream(userStream(learner.userId));
  return events.filter((e) => e.type === 'SignInSucceeded').map((e) => ({ at: String(e.data.at), ip: e.data.ip, metaIp: e.metadata.ip, metaAgent: e.metadata.userAgent }));
}

describe('network data retention (ADR 0091)', () => {
  it('reads both months before the job runs', async () => {
    expect(await signIns()).toEqual([
      { at: '2026-01-10T09:00:00.000Z', ip: OLD_IP, metaIp: OLD_IP, metaAgent: OLD_AGENT },
      { at: '2026-11-21T12:00:00.000Z', ip: NEW_IP, metaIp: NEW_IP, metaAgent: NEW_AGENT },
    ]);
  });

  describe('after a run', () => {
    let result: Awaited<ReturnType<NetworkDataRetention['runOnce']>>;
    beforeAll(async () => {
      result = await t.app.get(NetworkDataRetention).runOnce();
      await t.infra.projections.catchUp();
    });

    it('shreds the addresses and browsers older than 6 months, in the events and their metadata', async () => {
      // 2026-11-21 less 183 days is 2026-05-22: every month before May is gone
      expect(result).toMatchObject({ before: '2026-05' });
      expect(result.keysDestroyed).toBeGreaterThan(0);
      expect(await signIns()).toEqual([
        { at: '2026-01-10T09:00:00.000Z', ip: ERASED, metaIp: ERASED, metaAgent: ERASED },
        { at: '2026-11-21T12:00:00.000Z', ip: NEW_IP, metaIp: NEW_IP, metaAgent: NEW_AGENT },
      ]);
    });

    it('keeps the rest of the old events: the learner is still who they were', async () => {
      const [registered] = await t.infra.store.readStream(userStream(learner.userId), { limit: 1 });
      expect(registered!.data).toMatchObject({ userId: learner.userId, email: EMAIL });
      const sessions = await query<{ session_id: string; ip: string | null; user_agent: string | null; started_at: Date }>(
        t.infra.database.db,
        `select session_id, ip, user_agent, started_at from "${t.infra.projections.schemaOf('users')}".sessions where user_id = $1 order by started_at`,
        [learner.userId],
      );
      const january = sessions.filter((s) => new Date(s.started_at) < new Date('2026-05-01'));
      const november = sessions.filter((s) => new Date(s.started_at) >= new Date('2026-11-01'));
      expect(january.length).toBeGreaterThan(0);
      for (const s of january) expect(s).toMatchObject({ ip: ERASED, user_agent: ERASED });
      for (const s of january) expect((await t.infra.store.readStream(sessionStream(s.session_id), { limit: 1 }))[0]!.data).toMatchObject({ ip: ERASED, userAgent: ERASED, userId: learner.userId });
      expect(november.some((s) => s.ip === NEW_IP && s.user_agent === NEW_AGENT)).toBe(true);
    });

    it('leaves no plaintext of the old address or browser in any table; the new ones are still there', async () => {
      expect(await wherePlaintext(t.infra.database, [OLD_IP, OLD_AGENT])).toEqual([]);
      expect((await wherePlaintext(t.infra.database, [NEW_AGENT])).length).toBeGreaterThan(0);
    });

    it('records NetworkDataExpired with no personal data, and a second run destroys nothing and records nothing', async () => {
      const recorded = await t.infra.store.readStream(NETWORK_RETENTION_STREAM);
      expect(recorded.map((e) => [e.type, e.data])).toEqual([['NetworkDataExpired', { before: '2026-05', keysDestroyed: result.keysDestroyed, expiredAt: '2026-11-21T12:00:00.000Z' }]]);
      expect(await t.app.get(NetworkDataRetention).runOnce()).toMatchObject({ before: '2026-05', keysDestroyed: 0 });
      expect(await t.infra.store.readStream(NETWORK_RETENTION_STREAM)).toHaveLength(1);
    });

    it('keeps the log verifiable: audit verify --all passes', async () => {
      await t.infra.logAudit!.seal({ signer: ed25519Signer(signingKey) });
      const verified = await t.infra.logAudit!.verify({ trustedKeys: [publicKeyOf(signingKey)] });
      expect(verified.breaks).toEqual([]);
      expect(verified.ok).toBe(true);
    });

    it('shreds November too once it is older than the retention', async () => {
      t.clock.set('2027-06-15T12:00:00.000Z');
      expect(await t.app.get(NetworkDataRetention).runOnce()).toMatchObject({ before: '2026-12' });
      expect((await signIns()).map((s) => s.metaIp)).toEqual([ERASED, ERASED]);
      expect(await wherePlaintext(t.infra.database, [NEW_IP, NEW_AGENT])).toEqual([]);
    });
  });
});
