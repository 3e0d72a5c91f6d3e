import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import type { TestUser } from '@portal/testing/identity';
import { companyStream, USER_HISTORY_ACTIONS_PAGE, userHistoryResponseSchema, userStream } from '../../contracts/index.js';
import { after } from '../../testing/companies-kit.js';
import { accountIn, clockToRealTime, createCompany, staff } from '../../testing/user-admin-kit.js';

/**
 * GET /api/audit/users/{id}/history (issue 14, ADR 0050): every change of the manager area carries
 * who made it, and the auditor sees it twice: on the changed user's own history and, for the one who
 * made it, among their actions (users, companies, reference lists). Over HTTP on a real database.
 */
let t: TestApp;
let A: string;
let manager: TestUser;
let admin: TestUser;
let auditor: TestUser;

type History = ReturnType<typeof userHistoryResponseSchema.parse>;

async function historyOf(userId: string, headers: Record<string, string> = {}, query = ''): Promise<History> {
  const res = await t.request('GET', `/api/audit/users/${userId}/history${query}`, { token: auditor.token, headers });
  expect(res.statusCode).toBe(200);
  return userHistoryResponseSchema.parse(res.json());
}

const ok = async (res: Promise<{ statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r;
};

beforeAll(async () => {
  t = await startTestApp();
  clockToRealTime(t);
  A = await createCompany(t, 'Alfa');
  manager = await staff(t, 'manager@alfa.test', { roles: ['company_admin'], permissions: ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard'], companyId: A, aclTags: ['dist:all'] });
  admin = await staff(t, 'admin@alfa.test', { roles: ['company_admin'], permissions: ['manage_all_companies', 'manage_companies_users', 'manage_companies_managers'], companyId: A });
  auditor = await staff(t, 'auditor@alfa.test', { roles: ['auditor'], companyId: null });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the auditor's user history: who made each change", () => {
  it("shows a managed user's whole story, each change with the manager who made it, and the same changes among the manager's actions", async () => {
    const created = await ok(t.request('POST', '/api/manage-users/upsert', { token: manager.token, body: { email: 'joana@alfa.test', name: 'Joana Prado', country: 'BR', sendInvitation: true, lang: 'pt-BR' } }));
    const joana = (created.json() as { id: string }).id;
    await ok(t.request('POST', '/api/manage-users/upsert', { token: manager.token, body: { id: joana, city: 'Londrina', permissions: ['view_manager_dashboard'], roles: ['learner', 'company_manager'] } }));
    const deleted = await ok(t.request('DELETE', `/api/manage-users/users/${joana}`, { token: manager.token }), 204);

    const story = await historyOf(joana, after(deleted));
    const account = story.streams.find((s) => s.streamId === userStream(joana));
    expect(account?.verified).toBe(true);
    expect(account?.events.map((e) => [e.type, e.data.by])).toEqual([
      ['UserPreRegistered', manager.userId],
      ['InvitationSent', manager.userId],
      ['UserDetailsChanged', manager.userId],
      ['AccessChanged', manager.userId],
      ['UserDeleted', manager.userId],
    ]);
    // the invitation's token hash stays out of the auditor's view
    expect(account?.events[1]?.data.codeHash).toBe('[redacted]');

    const mine = await historyOf(manager.userId, after(deleted));
    expect(mine.streams.map((s) => s.streamId)).toContain(userStream(manager.userId));
    const onJoana = mine.actions.filter((a) => a.streamId === userStream(joana));
    // newest first, the same stored events (hashes) as the user's own history
    expect(onJoana.map((a) => a.type)).toEqual(['UserDeleted', 'AccessChanged', 'UserDetailsChanged', 'InvitationSent', 'UserPreRegistered']);
    expect(onJoana.map((a) => a.hash)).toEqual([...(account?.events ?? [])].reverse().map((e) => e.hash));
    expect(onJoana.every((a) => a.verified && a.data.by === manager.userId && a.actor === manager.userId)).toBe(true);
    expect(mine.actionsBefore).toBeNull();
  });

  it("lists the deactivation and reactivation of an account on both histories", async () => {
    const lucas = await accountIn(t, 'lucas@alfa.test', { roles: ['learner'], companyId: A });
    await ok(t.request('POST', `/api/manage-users/users/${lucas}/deactivate`, { token: manager.token }));
    const reactivated = await ok(t.request('POST', `/api/manage-users/users/${lucas}/reactivate`, { token: manager.token }));

    const story = await historyOf(lucas, after(reactivated));
    const changes = story.streams.find((s) => s.streamId === userStream(lucas))?.events.filter((e) => e.type.endsWith('activated'));
    expect(changes?.map((e) => [e.type, e.data.by])).toEqual([
      ['UserDeactivated', manager.userId],
      ['UserReactivated', manager.userId],
    ]);
    const mine = await historyOf(manager.userId, after(reactivated));
    expect(mine.actions.slice(0, 2).map((a) => [a.type, a.streamId])).toEqual([
      ['UserReactivated', userStream(lucas)],
      ['UserDeactivated', userStream(lucas)],
    ]);
  });

  it("lists an administrator's changes to companies, their domains and the reference lists", async () => {
    const created = await ok(
      t.request('POST', '/api/manage-users/company', { token: admin.token, body: { name: 'Cooperativa Audit', businessCode: 'AUD-1', phone: null, contactEmail: null, contactName: null, contactPhone: null } }),
      201,
    );
    const company = (created.json() as { companyId: string }).companyId;
    await ok(t.request('PUT', `/api/manage-users/company/${company}`, { token: admin.token, body: { contactName: 'Rita Audit' } }));
    await ok(t.request('PUT', `/api/manage-users/company/${company}/domains`, { token: admin.token, body: { domains: ['audit.coop.br'], invitationOnly: true } }));
    const saved = await ok(t.request('POST', '/api/manage-users/reference-data/regions', { token: admin.token, body: { labels: { 'pt-BR': 'Sul de Minas', es: 'Sur de Minas', en: 'Southern Minas' } } }));
    const itemId = (saved.json() as { itemId: string }).itemId;
    const retired = await ok(t.request('DELETE', `/api/manage-users/reference-data/regions/${itemId}`, { token: admin.token }));

    const history = await historyOf(admin.userId, after(retired));
    expect(history.actions.map((a) => [a.type, a.streamId, a.data.by])).toEqual([
      ['ReferenceItemRetired', 'identity.reference-regions', admin.userId],
      ['ReferenceItemSaved', 'identity.reference-regions', admin.userId],
      ['CompanyDomainsChanged', companyStream(company), admin.userId],
      ['CompanyUpdated', companyStream(company), admin.userId],
      ['CompanyRegistered', companyStream(company), admin.userId],
    ]);
    expect(history.actions[2]?.data).toMatchObject({ domains: ['audit.coop.br'], invitationOnly: true });
    expect(history.actions.every((a) => a.verified)).toBe(true);
    // the seed's and the domain's system changes are nobody's actions: the manager's list holds only theirs
    expect((await historyOf(manager.userId)).actions.every((a) => a.data.by === manager.userId)).toBe(true);
  });

  it('pages through many actions, newest first, each action once', async () => {
    let last: Awaited<ReturnType<typeof ok>> | null = null;
    for (let i = 0; i < USER_HISTORY_ACTIONS_PAGE + 5; i++) {
      last = await ok(t.request('POST', '/api/manage-users/upsert', { token: admin.token, body: { email: `bulk${i}@alfa.test`, name: 'Bulk Learner', country: 'BR', sendInvitation: false } }));
    }
    const first = await historyOf(admin.userId, last ? after(last) : {});
    expect(first.actions).toHaveLength(USER_HISTORY_ACTIONS_PAGE);
    expect(first.actions[0]?.data.email).toBe(`bulk${USER_HISTORY_ACTIONS_PAGE + 4}@alfa.test`);
    expect(first.actionsBefore).toMatch(/^\d+$/);
    const second = await historyOf(admin.userId, {}, `?actionsBefore=${first.actionsBefore}`);
    expect(second.actionsBefore).toBeNull();
    const all = [...first.actions, ...second.actions];
    expect(new Set(all.map((a) => a.hash)).size).toBe(all.length);
    // the 105 pre-registrations and the 5 company and reference changes of the test before
    expect(all).toHaveLength(USER_HISTORY_ACTIONS_PAGE + 10);
    expect(second.actions.at(-1)?.type).toBe('CompanyRegistered');
  });

  it('is the auditors\' alone, and answers 400 for a malformed page and 404 for an unknown user', async () => {
    const path = `/api/audit/users/${manager.userId}/history`;
    expect((await t.request('GET', path)).statusCode).toBe(401);
    expect((await t.request('GET', path, { token: manager.token })).statusCode).toBe(403);
    expect((await t.request('GET', path, { token: admin.token })).statusCode).toBe(403);
    for (const bad of ['abc', '0', '-1', '1'.repeat(30)]) {
      const res = await t.request('GET', `${path}?actionsBefore=${bad}`, { token: auditor.token });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ path: 'actionsBefore' }] });
    }
    expect((await t.request('GET', '/api/audit/users/01900000-0000-7000-8000-0000000000ff/history', { token: auditor.token })).statusCode).toBe(404);
  });
});
