import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { cookieFrom, lastMail, registerUser } from '@portal/testing/identity';
import { seedLearning } from '../../testing/test-kit.js';

/**
 * Issue 11 defect 7 (ADR 0033): a learner who registered by themselves, verified the e-mail and
 * completed the profile, all through the real endpoints, gets the default access: the catalogue's
 * open stations of their country, and never less than a guest.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedLearning(t);
});
afterAll(async () => {
  await t.close();
});

const PACK_STATION_IDS: string[] = (JSON.parse(readFileSync(new URL('../../../../content/pack.json', import.meta.url), 'utf8')) as { stations: { stationId: string }[] }).stations.map(
  (s) => s.stationId,
);

/** The demo catalogue's open stations (no ACL tags on the station or its crop), active, any country. */
const OPEN_EVERYWHERE = [
  'boas-vindas',
  'algodao',
  'algodao-solo',
  'algodao-pragas',
  'algodao-fibra',
  'trigo',
  'tr_gestao_rural',
  'gestao-custos',
  'gestao-pessoas',
  'tr_procesos_comerciales',
  'herramientas_comerciales',
  'negociacao',
  'competencia-lideranca',
  'lideranca-feedback',
  'biblioteca-agronomica',
  'biblioteca-rotulos',
];

/** Register -> verify through the mailed link -> complete the profile -> a token with the new claims. */
async function newLearner(country: string, userType: string): Promise<{ token: string }> {
  const email = `new.${country.toLowerCase()}.${userType.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const user = await registerUser(t, email, { country, lang: 'es' });
  expect((await t.request('POST', '/api/sendEmailVerification', { token: user.token, body: {} })).statusCode).toBe(200);
  const mail = await lastMail(t, email);
  const link = new URL(mail.link!);
  const verified = await t.request('POST', '/api/applyActionCode', { body: { mode: link.searchParams.get('mode'), oobCode: link.searchParams.get('oobCode') } });
  expect(verified.statusCode).toBe(200);
  const profile = await t.request('POST', '/api/updateUserProfile', { token: user.token, body: { name: 'Nova Pessoa', userType } });
  expect(profile.json().registerStatus).toBe('Completed');
  // the SPA refreshes the session after completing the profile: the new access token says so
  const refreshed = await t.request('POST', '/api/auth/refresh', { headers: { cookie: `portal_refresh=${encodeURIComponent(user.refresh)}` } });
  expect(refreshed.statusCode).toBe(200);
  expect(cookieFrom(refreshed.headers)).toBeTruthy();
  return { token: refreshed.json().accessToken as string };
}

const ids = (res: { json(): unknown }) => (res.json() as { stationId: string }[]).map((s) => s.stationId).sort();

describe('a self-registered learner (ADR 0033)', () => {
  it.each([
    ['BR', 'Agricultor', [...OPEN_EVERYWHERE, 'ctb_cast']],
    ['AR', 'Distribuidor', OPEN_EVERYWHERE],
    ['MX', 'Cooperativa', OPEN_EVERYWHERE],
  ])('from %s as %s lists the open stations of the catalogue and has station access', async (country, userType, expected) => {
    const { token } = await newLearner(country, userType);
    const list = await t.request('GET', '/api/stations', { token });
    expect(list.statusCode).toBe(200);
    expect(ids(list)).toEqual([...expected].sort());
    // distribution crops need a tag a manager grants, whatever the declared user type
    expect(ids(list)).not.toContain('soja');
    const me = (await t.request('GET', '/api/userData', { token })).json();
    expect(me).toMatchObject({ registerStatus: 'Completed', emailVerified: true, hasStationsAccess: true });
  });

  it('opens every station of the demo catalogue that a guest can open', async () => {
    const { token } = await newLearner('AR', 'Agricultor');
    const guest = { 'x-guest-id': randomUUID() };
    const guestOpens: string[] = [];
    const learnerOpens: string[] = [];
    for (const stationId of PACK_STATION_IDS) {
      if ((await t.request('GET', `/api/stations/${stationId}`, { headers: guest })).statusCode === 200) guestOpens.push(stationId);
      if ((await t.request('GET', `/api/stations/${stationId}`, { token })).statusCode === 200) learnerOpens.push(stationId);
    }
    expect(guestOpens.length).toBeGreaterThan(0);
    expect(learnerOpens).toEqual(expect.arrayContaining(guestOpens));
    // and the learner opens more than the guest: the open catalogue
    expect(learnerOpens.length).toBeGreaterThan(guestOpens.length);
  });
});
