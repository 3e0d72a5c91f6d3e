import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@portal/database';
import { ed25519Signer, ERASED, generateSigningKey, publicKeyOf } from '@portal/eventstore';
import { PROJECTIONS_LIST } from '@portal/api';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { wherePlaintext as findPlaintext } from '@portal/testing/privacy';
import { registerUser, signIn, STRONG_PASSWORD, type TestUser } from '@portal/testing/identity';
import { seedDemoUsers } from '../seed/demo-users.js';
import { SubjectEraser } from '../shared/subject-eraser.js';

/**
 * Crypto-shredding end to end (issue 31, ADR 0091): a learner with personal data in the log, the
 * projections, the outbox, the throttle and the picture store is erased; afterwards none of it is
 * anywhere in the database (every table, the log's bytes included), the log still verifies, every
 * projection equals its rebuild, and a second erasure is a no-op.
 */
const NAME = 'Erinaldo Zyxwvutsrq';
const EMAIL = 'erinaldo.zyxwvu@example.com';
const PHONE = '+55 11 98765-4321';
const CITY = 'Cidadezinha Qwertyuiop';
const MESSAGE = 'Mensagem secreta do Erinaldo sobre o manejo';
const IP = '198.51.100.77';
const AGENT = 'ErinaldoBrowser/9.9 (Plan 9)';
/** the phone as messaging keys it (its digits) */
const PHONE_KEY = '5511987654321';
const NEEDLES = [NAME, EMAIL, PHONE, PHONE_KEY, CITY, MESSAGE, IP, AGENT];

let t: TestApp;
let learner: TestUser;
let other: TestUser;
const signingKey = generateSigningKey();
const headers = { 'x-forwarded-for': IP, 'user-agent': AGENT };

const wherePlaintext = (needles: readonly string[]) => findPlaintext(t.infra.database, needles);

/** Every projection's tables as sorted rows (by projection name, not schema: a rebuild moves schemas). */
async function projectionContents(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const def of PROJECTIONS_LIST) {
    const schema = t.infra.projections.schemaOf(def.name);
    const tables = await query<{ t: string }>(t.infra.database.db, `select table_name as t from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'`, [schema]);
    for (const { t: table } of tables) {
      const rows = await query<{ row: string }>(t.infra.database.db, `select to_jsonb(x)::text as row from "${schema}"."${table}" x`);
      out[`${def.name}.${table}`] = rows.map((r) => r.row).sort();
    }
  }
  return out;
}

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  await seedDemoUsers(t.infra.store, t.infra.clock);
  learner = await registerUser(t, EMAIL);
  other = await registerUser(t, 'someone.else@example.com');
  expect((await t.request('POST', '/api/updateUserProfile', { token: learner.token, headers, body: { name: NAME, phone: PHONE, city: CITY, state: 'SP' } })).statusCode).toBe(200);
  learner = await (async () => {
    const res = await t.request('POST', '/api/auth/signIn', { headers, body: { email: EMAIL, password: STRONG_PASSWORD } });
    expect(res.statusCode).toBe(200);
    return { ...learner, token: res.json().accessToken };
  })();
  // a wrong password: a throttle row of the address
  expect((await t.request('POST', '/api/auth/signIn', { headers, body: { email: EMAIL, password: 'Wrong#pass1' } })).statusCode).toBe(401);
  const support = { context: 'web', origin: 'http://localhost:3000/station/soja', subject: 'Feedback', title: 'Ajuda', message: MESSAGE };
  expect((await t.request('POST', '/api/support/message', { token: learner.token, headers, body: support })).statusCode).toBe(201);
  await t.infra.database.db.transaction().execute(async (trx) => {
    await query(trx, `insert into profile_pictures (id, user_id, content_type, bytes) values (gen_random_uuid(), $1, 'image/png', $2)`, [learner.userId, Buffer.from(`png of ${NAME}`)]);
  });
  await t.infra.projections.catchUp();
});
afterAll(async () => {
  await t.close();
});

describe('personal data at rest (ADR 0091)', () => {
  it('is encrypted in the log, readable through the store and the read models', async () => {
    const log = await query<{ text: string }>(t.infra.database.db, `select data::text || metadata::text as text from es_events`);
    for (const needle of NEEDLES) expect(log.some((r) => r.text.includes(needle)), needle).toBe(false);
    const [registered] = await t.infra.store.readStream(`identity.user-${learner.userId}`, { limit: 1 });
    expect(registered!.data).toMatchObject({ email: EMAIL });
    expect((await wherePlaintext([NAME, EMAIL])).some((f) => f.includes('users: '))).toBe(true);
  });
});

describe('erasure', () => {
  let proof: { erasedAt: string; proof: string };

  beforeAll(async () => {
    await t.infra.logAudit!.seal({ signer: ed25519Signer(signingKey) });
    proof = await t.app.get(SubjectEraser).erase(learner.userId, { requestId: 'request-1', actorId: 'admin-1' });
    await t.infra.projections.catchUp();
  });

  it('leaves no plaintext of the subject in any table, the log included', async () => {
    expect(await wherePlaintext(NEEDLES)).toEqual([]);
    expect((await query(t.infra.database.db, `select 1 from profile_pictures where user_id = $1`, [learner.userId])).length).toBe(0);
    expect(await t.infra.mailer.list({ to: EMAIL })).toEqual([]);
  });

  it('records SubjectErased, with no personal data, as the proof', async () => {
    const [erased] = await t.infra.store.readStream(`identity.erasure-${learner.userId}`);
    expect(erased).toMatchObject({ type: 'SubjectErased', data: { subjectId: learner.userId, requestId: 'request-1', by: 'admin-1' } });
    expect(proof.proof).toContain(erased!.metadata.eventId);
  });

  it('reads the erased fields as "[erased]" and keeps the rest', async () => {
    const events = await t.infra.store.readStream(`identity.user-${learner.userId}`);
    expect(events[0]!.data).toMatchObject({ userId: learner.userId, email: ERASED, country: 'BR' });
    expect(events.find((e) => e.type === 'ProfileUpdated')!.data).toMatchObject({ name: ERASED, phone: ERASED, city: ERASED, state: 'SP' });
    const admin = await signIn(t, 'admin@demo.agro', 'Demo#2026');
    const messages = (await t.request('GET', '/api/support/messages', { token: admin.token })).json().items as Array<{ registerId: string; email: string; message: string }>;
    expect(messages.find((m) => m.registerId === learner.userId)).toMatchObject({ email: ERASED, message: ERASED });
    // another user's data is untouched
    const [otherRegistered] = await t.infra.store.readStream(`identity.user-${other.userId}`, { limit: 1 });
    expect(otherRegistered!.data).toMatchObject({ email: 'someone.else@example.com' });
  });

  it('ends the subject\'s sessions', async () => {
    expect((await t.request('POST', '/api/auth/refresh', { headers: { cookie: `portal_refresh=${learner.refresh}` } })).statusCode).not.toBe(200);
  });

  it('keeps the log verifiable: audit verify --all passes', async () => {
    await t.infra.logAudit!.seal({ signer: ed25519Signer(signingKey) });
    const result = await t.infra.logAudit!.verify({ trustedKeys: [publicKeyOf(signingKey)] });
    expect(result.breaks).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('leaves every projection equal to its rebuild, with no personal data of the subject', async () => {
    await t.infra.projections.catchUp();
    const before = await projectionContents();
    await t.infra.projections.rebuildTogether(PROJECTIONS_LIST.map((d) => d.name));
    expect(await projectionContents()).toEqual(before);
    expect(await wherePlaintext(NEEDLES)).toEqual([]);
  });

  it('is a no-op the second time: the first proof again', async () => {
    const again = await t.app.get(SubjectEraser).erase(learner.userId, { requestId: 'request-2', actorId: 'admin-1' });
    expect(again).toEqual(proof);
    expect(await t.infra.store.readStream(`identity.erasure-${learner.userId}`)).toHaveLength(1);
  });
});
