import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { directoryStatuses, matrixCallers, seedCompany, seedUser, tokenWith, type MatrixCaller } from '../../testing/directory-kit.js';

let t: TestApp;
const A = newId();
const B = newId();
const tokens = new Map<MatrixCaller, string | null>();
let a1: string;
let b1: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedCompany(t, A, 'Cooperativa A');
  await seedCompany(t, B, 'Cooperativa B');
  a1 = await seedUser(t, { email: 'joao@a.example', companyId: A, details: { name: 'João Conceição' }, account: false });
  await seedUser(t, { email: 'maria@a.example', companyId: A, details: { name: 'Maria Souza' } });
  b1 = await seedUser(t, { email: 'joana@b.example', companyId: B, details: { name: 'Joana Silva' } });
  await t.infra.projections.catchUp();
  for (const [name, access] of Object.entries(matrixCallers(A, B))) tokens.set(name as MatrixCaller, access ? await tokenWith(t, access) : null);
});
afterAll(async () => {
  await t?.close();
});

const list = (caller: MatrixCaller, companyId: string, query = '') => t.request('GET', `/api/manage-users/list/${companyId}${query}`, { token: tokens.get(caller) ?? undefined });

describe('GET /api/manage-users/list/{companyId}: who may list a company', () => {
  const expected = directoryStatuses(404);
  for (const [caller, status] of Object.entries(expected) as [MatrixCaller, number][]) {
    it(`${caller}: ${status}`, async () => {
      const res = await list(caller, A);
      expect(res.statusCode).toBe(status);
      if (status !== 200) {
        expect(res.body).not.toContain('@a.example');
        return;
      }
      const body = res.json();
      expect(body.items.map((u: { email: string }) => u.email)).toEqual(['joao@a.example', 'maria@a.example']);
      expect(body.items.every((u: { companyId: string }) => u.companyId === A)).toBe(true);
      expect(res.body).not.toContain('@b.example');
    });
  }

  it("a scoped manager gets 404 for another company, as for an unknown one; a holder of manage_all_companies lists any company and 404 for an unknown one", async () => {
    expect((await list('company_manager with manage_companies_users', B)).statusCode).toBe(404);
    expect((await list('company_manager with manage_companies_users', newId())).statusCode).toBe(404);
    const other = await list('holder of manage_all_companies', B);
    expect(other.statusCode).toBe(200);
    expect(other.json().items.map((u: { userId: string }) => u.userId)).toEqual([b1]);
    expect((await list('holder of manage_all_companies', newId())).statusCode).toBe(404);
  });

  it('answers every manager-view field of a row, pages with a cursor, and refuses bad input with 400', async () => {
    const first = await list('company_admin with manage_companies_users', A, '?limit=1');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ userId: a1, name: 'João Conceição', hasAccount: false, active: true, companyManager: false, roles: ['learner'], companyId: A, lastActiveAt: null, firstActivityAt: null, invitedAt: null });
    const second = (await list('company_admin with manage_companies_users', A, `?limit=1&cursor=${page.nextCursor}`)).json();
    expect(second.items.map((u: { email: string }) => u.email)).toEqual(['maria@a.example']);
    expect(second.nextCursor).toBeNull();
    expect((await list('company_admin with manage_companies_users', 'not-a-uuid')).statusCode).toBe(400);
    expect((await list('company_admin with manage_companies_users', A, '?limit=101')).statusCode).toBe(400);
    expect((await list('company_admin with manage_companies_users', A, '?sort=phone')).statusCode).toBe(400);
    const bad = await list('company_admin with manage_companies_users', A, `?sort=email&cursor=${page.nextCursor}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'cursor' }] });
  });
});
