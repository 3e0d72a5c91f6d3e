import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@portal/kernel';
import { handleCommand } from '@portal/platform';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { lastMail, registerUser, STRONG_PASSWORD } from '@portal/testing/identity';
import { emailStream, userStream } from '../contracts/index.js';
import { DOMAIN_JOIN_ACTOR, emailClaimDecider } from '../domain/index.js';
import { after, tokenAs } from '../testing/companies-kit.js';
import { DEMO_COMPANY, DEMO_INVITATION_ONLY_COMPANY, seedDemoCompanies } from './seed/demo-companies.js';
import { emailKey } from './shared/email-key.js';

let t: TestApp;
let auditor: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemoCompanies(t.infra.store, t.infra.clock);
  await t.infra.projections.waitFor('companies', await t.infra.store.headCheckpoint(), 30_000);
  auditor = await tokenAs(t, { roles: ['auditor'], permissions: [], companyId: null });
  admin = await tokenAs(t, { roles: ['company_admin'], permissions: ['manage_all_companies'], companyId: DEMO_COMPANY });
});
afterAll(async () => {
  await t.close();
});

const register = (email: string) => t.request('POST', '/api/createUserRegister', { body: { email, password: STRONG_PASSWORD, country: 'BR', consent: true, lang: 'pt-BR' } });

/** The access changes of a user's history, as the auditor reads them. */
async function accessChanges(userId: string, headers: Record<string, string>) {
  const history = await t.request('GET', `/api/audit/users/${userId}/history`, { token: auditor, headers });
  expect(history.statusCode).toBe(200);
  const [account] = history.json().streams;
  return account.events.filter((e: { type: string }) => e.type === 'AccessChanged').map((e: { data: Record<string, unknown> }) => e.data);
}

async function verify(user: { token: string; email: string }) {
  await t.request('POST', '/api/sendEmailVerification', { token: user.token, body: {} });
  const { oobCode } = await lastMail(t, user.email);
  const applied = await t.request('POST', '/api/applyActionCode', { body: { mode: 'verifyEmail', oobCode } });
  expect(applied.statusCode).toBe(200);
  return applied;
}

describe('domain joining', () => {
  it('a user who verifies an address of a company domain joins that company, keeping the rest of the access', async () => {
    const ana = await registerUser(t, 'ana.lima@cooperativa.demo');
    // before verification: no company
    expect(await accessChanges(ana.userId, {})).toEqual([]);
    const applied = await verify(ana);
    const changes = await accessChanges(ana.userId, after(applied));
    expect(changes).toEqual([expect.objectContaining({ userId: ana.userId, companyId: DEMO_COMPANY, roles: ['learner'], permissions: [], by: DOMAIN_JOIN_ACTOR })]);
  });

  it('an address outside every company domain joins nothing', async () => {
    const joao = await registerUser(t, 'joao@fazenda-sem-empresa.com.br');
    const applied = await verify(joao);
    expect(await accessChanges(joao.userId, after(applied))).toEqual([]);
  });

  it('a domain added later counts for the next verification, and a sign-in link verifies as well', async () => {
    const bia = await registerUser(t, 'bia@novacoop.com.br');
    const created = await t.request('POST', '/api/manage-users/company', {
      token: admin,
      body: { name: 'Nova Coop', businessCode: '99.000', phone: null, contactEmail: null, contactName: null, contactPhone: null, domains: ['novacoop.com.br'] },
    });
    expect(created.statusCode).toBe(201);
    await t.infra.projections.waitFor('companies', await t.infra.store.headCheckpoint(), 30_000);
    expect((await t.request('POST', '/api/auth/sendSignInLink', { body: { email: bia.email } })).statusCode).toBe(200);
    const code = new URL((await lastMail(t, bia.email)).link!).searchParams.get('code');
    const signedIn = await t.request('POST', '/api/auth/signInWithLink', { body: { code } });
    expect(signedIn.statusCode).toBe(200);
    const changes = await accessChanges(bia.userId, after(signedIn));
    expect(changes).toEqual([expect.objectContaining({ companyId: created.json().companyId, by: DOMAIN_JOIN_ACTOR })]);
  });
});

describe('invitation-only companies', () => {
  it('refuse an address of their domain that no manager pre-registered, with app/invalid-whitelist-email', async () => {
    const refused = await register('intruso@horizonte.demo');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'app/invalid-whitelist-email' });
    // nothing was recorded: the address is still free
    const email = await t.infra.store.readStream(emailStream(emailKey('intruso@horizonte.demo')));
    expect(email).toEqual([]);
  });

  it('let a pre-registered address of their domain through', async () => {
    // a manager's pre-registration (m-writes' upsert builds it): the claim names a stream that starts with UserPreRegistered
    const userId = newId();
    const email = 'convidada@horizonte.demo';
    const ctx = { correlationId: 'test', actor: 'test', origin: 'cli' as const };
    await handleCommand(t.infra.store, emailStream(emailKey(email)), emailClaimDecider, { type: 'ClaimEmail', data: { email, userId, now: t.clock.now().toISOString() } }, ctx);
    await t.infra.store.append(
      userStream(userId),
      [{ type: 'UserPreRegistered', data: { userId, email, details: {}, roles: ['learner'], permissions: [], aclTags: [], companyId: DEMO_INVITATION_ONLY_COMPANY, allowedStations: {}, by: 'manager-1', preRegisteredAt: t.clock.now().toISOString() } }],
      { expectedRevision: 'no-stream', context: ctx },
    );
    const res = await register(email);
    expect(res.json().code).not.toBe('app/invalid-whitelist-email');
  });

  it('admit anyone once the flag is off, and open companies admit anyone', async () => {
    expect((await register('livre@cooperativa.demo')).statusCode).toBe(201);
    const off = await t.request('PUT', `/api/manage-users/company/${DEMO_INVITATION_ONLY_COMPANY}/domains`, { token: admin, body: { domains: ['horizonte.demo'], invitationOnly: false } });
    expect(off.statusCode).toBe(200);
    await t.infra.projections.waitFor('companies', await t.infra.store.headCheckpoint(), 30_000);
    expect((await register('intruso@horizonte.demo')).statusCode).toBe(201);
  });
});
