import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type Permission, type Role } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { dashboardCompaniesSchema, managerDashboardSchema, type ManagerDashboard } from '../../contracts/index.js';
import { appendStory, COMPANY_A, COMPANY_B, EXPECTED } from '../../testing/dashboard-story.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await appendStory(t.infra.store);
  await t.infra.projections.catchUp();
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in caller's bearer token with these roles, permissions and company (the claims a real sign-in gives). */
const tokenOf = (roles: Role[], permissions: Permission[] = [], companyId: string | null = null) =>
  t.infra.tokens.issue({
    sub: newId(),
    sid: newId(),
    email: `${roles.join('.') || 'user'}@test.agro`,
    roles,
    permissions,
    aclTags: [],
    companyId,
    country: 'BR',
    allowedStations: 'all',
    registerStatus: 'Completed',
    emailVerified: true,
  });

const get = async (url: string, token?: string) => {
  const res = await t.request('GET', url, token ? { token } : {});
  return { status: res.statusCode, body: res.body, json: () => res.json() };
};
const dashboardOf = (companyId?: string) => `/api/manager/dashboard${companyId ? `?companyId=${companyId}` : ''}`;

/** The figures of an answer as the story's EXPECTED writes them. */
const figuresOf = (d: ManagerDashboard) => ({
  learners: Object.fromEntries(Object.entries(d.learners).map(([k, f]) => [k, f.value])),
  weeks: Object.fromEntries(d.activity.weeks.filter((w) => w.completions + w.answers > 0).map((w) => [w.startsOn, { completions: w.completions, answers: w.answers }])),
  crops: d.crops.map(({ title: _t, filters: _f, ...c }) => c),
  mostCompleted: d.stations.mostCompleted.map(({ filters: _f, ...s }) => s),
  leastStarted: d.stations.leastStarted.map(({ filters: _f, ...s }) => s),
});

describe('GET /api/manager/dashboard: who may read which company', () => {
  const DASHBOARD: Permission[] = ['view_manager_dashboard'];
  const cases: { who: string; token: () => Promise<string | undefined>; own: number; a: number; b: number }[] = [
    { who: 'signed out', token: async () => undefined, own: 401, a: 401, b: 401 },
    { who: 'a learner of company A', token: () => tokenOf(['learner'], [], COMPANY_A), own: 403, a: 403, b: 403 },
    { who: 'a company_manager of A without view_manager_dashboard', token: () => tokenOf(['company_manager'], ['manage_companies_users'], COMPANY_A), own: 403, a: 403, b: 403 },
    { who: 'a company_manager of A with view_manager_dashboard', token: () => tokenOf(['company_manager'], DASHBOARD, COMPANY_A), own: 200, a: 200, b: 404 },
    { who: 'a company_admin of A with view_manager_dashboard', token: () => tokenOf(['company_admin'], DASHBOARD, COMPANY_A), own: 200, a: 200, b: 404 },
    { who: 'a company_admin of A without it', token: () => tokenOf(['company_admin'], ['manage_companies_users', 'manage_companies_managers'], COMPANY_A), own: 403, a: 403, b: 403 },
    { who: 'a company_manager with view_manager_dashboard but no company', token: () => tokenOf(['company_manager'], DASHBOARD, null), own: 403, a: 403, b: 403 },
    { who: 'a manager of company B', token: () => tokenOf(['company_manager'], DASHBOARD, COMPANY_B), own: 200, a: 404, b: 200 },
    { who: 'a manage_all_companies holder of company A', token: () => tokenOf(['company_admin'], ['manage_all_companies'], COMPANY_A), own: 200, a: 200, b: 200 },
    { who: 'a tc_admin', token: () => tokenOf(['tc_admin'], [], null), own: 403, a: 403, b: 403 },
    { who: 'an auditor', token: () => tokenOf(['auditor'], [], null), own: 403, a: 403, b: 403 },
  ];
  for (const c of cases) {
    it(`${c.who}: own company ${c.own}, company A ${c.a}, company B ${c.b}`, async () => {
      const token = await c.token();
      const own = await get(dashboardOf(), token);
      const a = await get(dashboardOf(COMPANY_A), token);
      const b = await get(dashboardOf(COMPANY_B), token);
      expect([own.status, a.status, b.status]).toEqual([c.own, c.a, c.b]);
      // a 404 says nothing of the other company: the same answer as an unknown one
      for (const r of [a, b].filter((r) => r.status === 404)) expect(r.json()).toMatchObject({ statusCode: 404, code: '404' });
    });
  }

  it("gives a manager of company A exactly A's figures, each linking to A's user list", async () => {
    const token = await tokenOf(['company_manager'], DASHBOARD, COMPANY_A);
    const res = await get(dashboardOf(), token);
    const d = managerDashboardSchema.parse(res.json());
    expect(d.company).toEqual({ companyId: COMPANY_A, name: 'Agro Alfa' });
    expect(d.asOf).toBe('2026-11-21');
    expect(figuresOf(d)).toEqual(EXPECTED[COMPANY_A]);
    expect(d.activity.weeks).toHaveLength(12);
    expect(d.learners.total.filters).toEqual({ companyId: COMPANY_A });
    expect(d.learners.active7Days.filters).toEqual({ companyId: COMPANY_A, lastActiveFrom: '2026-11-15' });
    expect(d.learners.active30Days.filters).toEqual({ companyId: COMPANY_A, lastActiveFrom: '2026-10-23' });
    expect(d.learners.neverStarted.filters).toEqual({ companyId: COMPANY_A, neverStarted: 'true' });
    expect(d.activity.filters).toEqual({ companyId: COMPANY_A, lastActiveFrom: '2026-08-31' });
    expect(d.crops.find((c) => c.cropId === 'soja')?.filters).toEqual({ companyId: COMPANY_A, station: 'soja' });
    expect(d.stations.mostCompleted[0]?.filters).toEqual({ companyId: COMPANY_A, station: 'soja-plantio' });
    // nothing of company B reaches A's manager
    expect(res.body).not.toContain(COMPANY_B);
    expect(res.body).not.toContain('Beta Coop');
  });

  it("gives a manager of company B only B's figures", async () => {
    const res = await get(dashboardOf(COMPANY_B), await tokenOf(['company_manager'], DASHBOARD, COMPANY_B));
    expect(figuresOf(managerDashboardSchema.parse(res.json()))).toEqual(EXPECTED[COMPANY_B]);
    expect(res.body).not.toContain(COMPANY_A);
    expect(res.body).not.toContain('Agro Alfa');
  });

  it('lets a manage_all_companies holder choose any company; an unknown one is 404, no company at all a 400', async () => {
    const token = await tokenOf(['learner'], ['manage_all_companies'], null);
    expect(figuresOf(managerDashboardSchema.parse((await get(dashboardOf(COMPANY_B), token)).json()))).toEqual(EXPECTED[COMPANY_B]);
    expect((await get(dashboardOf(newId()), token)).status).toBe(404);
    const none = await get(dashboardOf(), token);
    expect(none.status).toBe(400);
    expect(none.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'companyId' }] });
  });

  it('answers 400 with the field for a malformed companyId', async () => {
    const token = await tokenOf(['company_admin'], ['manage_all_companies'], COMPANY_A);
    for (const bad of ['x'.repeat(65), 'abc', `${COMPANY_A}x`]) {
      const res = await get(`/api/manager/dashboard?companyId=${bad}`, token);
      expect(res.status, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'companyId', message: 'uuidNotEmpty' }] });
    }
  });
});

describe('GET /api/manager/dashboard/companies', () => {
  it('lists every company to a manage_all_companies holder, only their own to a scoped manager, nothing to others', async () => {
    const all = await get('/api/manager/dashboard/companies', await tokenOf(['company_admin'], ['manage_all_companies'], COMPANY_A));
    expect(dashboardCompaniesSchema.parse(all.json()).companies).toEqual([
      { companyId: COMPANY_A, name: 'Agro Alfa' },
      { companyId: COMPANY_B, name: 'Beta Coop' },
    ]);
    const own = await get('/api/manager/dashboard/companies', await tokenOf(['company_manager'], ['view_manager_dashboard'], COMPANY_B));
    expect(dashboardCompaniesSchema.parse(own.json()).companies).toEqual([{ companyId: COMPANY_B, name: 'Beta Coop' }]);
    expect((await get('/api/manager/dashboard/companies', await tokenOf(['learner'], [], COMPANY_A))).status).toBe(403);
    expect((await get('/api/manager/dashboard/companies', await tokenOf(['auditor']))).status).toBe(403);
    expect((await get('/api/manager/dashboard/companies')).status).toBe(401);
  });
});
