import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type Permission } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, type TestUser } from '@portal/testing/identity';
import { accountIn, createCompany, staff } from '../../testing/user-admin-kit.js';

/**
 * Who may call the user administration's writes (issue 14, ADR 0050), over HTTP on a real
 * database: every endpoint x every kind of caller, with the expected status. Each caller acts on
 * users of company A made for it alone, so the calls do not depend on one another.
 */
let t: TestApp;
let A: string;
let B: string;

const MANAGER_PERMISSIONS: Permission[] = ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard', 'manage_whatsapp'];

interface Caller {
  name: string;
  token: () => string | undefined;
  /** expected statuses: create a learner in A, update A's learner, deactivate, reactivate, invite again, delete a pre-registration */
  expect: { create: number; update: number; deactivate: number; reactivate: number; invite: number; remove: number };
}

const ok = { create: 200, update: 200, deactivate: 200, reactivate: 200, invite: 200, remove: 204 };
const all = (status: number) => ({ create: status, update: status, deactivate: status, reactivate: status, invite: status, remove: status });

const tokens: Record<string, TestUser> = {};
const callers: Caller[] = [
  { name: 'signed out', token: () => undefined, expect: all(401) },
  { name: 'learner', token: () => tokens.learner!.token, expect: all(403) },
  { name: 'company_manager of A (manage_companies_users)', token: () => tokens.manager!.token, expect: ok },
  { name: 'company_admin of A with every manager permission', token: () => tokens.admin!.token, expect: ok },
  ...MANAGER_PERMISSIONS.map(
    (p): Caller => ({
      name: `company_admin of A without ${p}`,
      token: () => tokens[`without:${p}`]!.token,
      // without manage_companies_users the admin manages nobody; the others do not govern learners
      expect: p === 'manage_companies_users' ? all(403) : ok,
    }),
  ),
  { name: 'company_admin of A with manage_all_companies', token: () => tokens.global!.token, expect: ok },
  { name: 'tc_admin', token: () => tokens.tcAdmin!.token, expect: all(403) },
  { name: 'auditor', token: () => tokens.auditor!.token, expect: all(403) },
  // creating in A is company-invalid; A's users are unknown to them
  { name: 'company_manager of B', token: () => tokens.otherManager!.token, expect: { create: 400, update: 404, deactivate: 404, reactivate: 404, invite: 404, remove: 404 } },
];

beforeAll(async () => {
  t = await startTestApp();
  A = await createCompany(t, 'Alfa');
  B = await createCompany(t, 'Bravo');
  tokens.learner = await staff(t, 'learner@matrix.test', { roles: ['learner'], companyId: A });
  tokens.manager = await staff(t, 'manager@matrix.test', { roles: ['company_manager'], permissions: ['manage_companies_users', 'view_manager_dashboard'], companyId: A });
  tokens.admin = await staff(t, 'admin@matrix.test', { roles: ['company_admin'], permissions: MANAGER_PERMISSIONS, companyId: A });
  for (const p of MANAGER_PERMISSIONS) tokens[`without:${p}`] = await staff(t, `without.${p}@matrix.test`, { roles: ['company_admin'], permissions: MANAGER_PERMISSIONS.filter((x) => x !== p), companyId: A });
  tokens.global = await staff(t, 'global@matrix.test', { roles: ['company_admin'], permissions: ['manage_all_companies', ...MANAGER_PERMISSIONS], companyId: A });
  tokens.tcAdmin = await staff(t, 'tc.admin@matrix.test', { roles: ['tc_admin'] });
  tokens.auditor = await staff(t, 'auditor@matrix.test', { roles: ['auditor'] });
  tokens.otherManager = await staff(t, 'manager@bravo.test', { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: B });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('user administration: who may call what', () => {
  it.each(callers)('$name', async (caller) => {
    const token = caller.token();
    const slug = caller.name.replace(/[^a-z]+/gi, '.').replace(/^\.|\.$/g, '').toLowerCase();
    // the caller's own targets in company A, made by the admin: a learner with an account, a deactivated one, a pre-registration
    const learner = await accountIn(t, `learner.${slug}@alfa.test`, { roles: ['learner'], companyId: A });
    const inactive = await accountIn(t, `inactive.${slug}@alfa.test`, { roles: ['learner'], companyId: A });
    expect((await t.request('POST', `/api/manage-users/users/${inactive}/deactivate`, { token: tokens.admin!.token })).statusCode).toBe(200);
    const pre = await t.request('POST', '/api/manage-users/upsert', { token: tokens.admin!.token, body: { email: `pre.${slug}@alfa.test`, name: 'Pre Registrada' } });
    expect(pre.statusCode).toBe(200);
    const preId = pre.json().id as string;
    const later = await t.request('POST', '/api/manage-users/upsert', { token: tokens.admin!.token, body: { email: `later.${slug}@alfa.test`, name: 'Convite Depois', sendInvitation: false } });
    const laterId = later.json().id as string;

    const got = {
      create: (await t.request('POST', '/api/manage-users/upsert', { token, body: { email: `new.${slug}@alfa.test`, name: 'Nova Pessoa', companyId: A } })).statusCode,
      update: (await t.request('POST', '/api/manage-users/upsert', { token, body: { id: learner, city: 'Campinas', allowedStations: { soja: true } } })).statusCode,
      deactivate: (await t.request('POST', `/api/manage-users/users/${learner}/deactivate`, { token })).statusCode,
      reactivate: (await t.request('POST', `/api/manage-users/users/${inactive}/reactivate`, { token })).statusCode,
      invite: (await t.request('POST', `/api/manage-users/users/${laterId}/invitation`, { token, body: {} })).statusCode,
      remove: (await t.request('DELETE', `/api/manage-users/users/${preId}`, { token })).statusCode,
    };
    expect(got).toEqual(caller.expect);
  });

  it('GET /api/userPreRegister is public: the same answer signed out, as a learner and as a manager', async () => {
    const answers = await Promise.all([undefined, tokens.learner!.token, tokens.manager!.token].map((token) => t.request('GET', '/api/userPreRegister?email=someone%40alfa.test', { token })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('an unknown id answers 404 like an out-of-scope one, and an id that is no uuid 400', async () => {
    for (const [method, path] of [
      ['POST', `/api/manage-users/users/${newId()}/deactivate`],
      ['POST', `/api/manage-users/users/${newId()}/reactivate`],
      ['POST', `/api/manage-users/users/${newId()}/invitation`],
      ['DELETE', `/api/manage-users/users/${newId()}`],
    ] as const) {
      expect((await t.request(method, path, { token: tokens.admin!.token, body: method === 'POST' ? {} : undefined })).statusCode).toBe(404);
    }
    expect((await t.request('POST', '/api/manage-users/upsert', { token: tokens.admin!.token, body: { id: newId(), name: 'Ninguém' } })).statusCode).toBe(404);
    const bad = await t.request('POST', '/api/manage-users/users/not-a-uuid/deactivate', { token: tokens.admin!.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'id', message: 'uuidNotEmpty' })]);
  });
});

describe('no body of another company\'s user reaches a scoped manager', () => {
  it('every answer about a user of A to the manager of B is the bare 404, naming nothing of the user', async () => {
    const email = 'secret.person@alfa.test';
    const id = await accountIn(t, email, { roles: ['learner'], companyId: A });
    const pre = (await t.request('POST', '/api/manage-users/upsert', { token: tokens.admin!.token, body: { email: 'secret.pre@alfa.test', name: 'Segredo Guardado' } })).json().id as string;
    const token = tokens.otherManager!.token;
    const answers = [
      await t.request('POST', '/api/manage-users/upsert', { token, body: { id, name: 'Tomada Indevida' } }),
      await t.request('POST', '/api/manage-users/upsert', { token, body: { id, companyId: B } }),
      await t.request('POST', '/api/manage-users/upsert', { token, body: { id: pre, email: 'other@x.test' } }),
      await t.request('POST', `/api/manage-users/users/${id}/deactivate`, { token }),
      await t.request('POST', `/api/manage-users/users/${pre}/invitation`, { token, body: {} }),
      await t.request('DELETE', `/api/manage-users/users/${pre}`, { token }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: '404', message: 'The content you requested was not found' });
    }
    // and nothing was written by them
    const events = [...(await t.infra.store.readStream(`identity.user-${id}`)), ...(await t.infra.store.readStream(`identity.user-${pre}`))];
    expect(events.filter((e) => e.metadata.actor === tokens.otherManager!.userId)).toEqual([]);
  });

  it('a plain learner registered by themselves stays out of every manager\'s company scope', async () => {
    const self = await registerUser(t, 'on.my.own@example.test');
    const res = await t.request('POST', `/api/manage-users/users/${self.userId}/deactivate`, { token: tokens.manager!.token });
    expect(res.statusCode).toBe(404);
  });
});
