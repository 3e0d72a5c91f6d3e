import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { userStream } from '../../contracts/index.js';
import { appendIdentity, directoryStatuses, matrixCallers, seedCompany, seedLearning, seedUser, tokenWith, type MatrixCaller } from '../../testing/directory-kit.js';

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
  a1 = await seedUser(t, {
    email: 'joao@a.example',
    companyId: A,
    roles: ['learner', 'company_manager'],
    permissions: ['view_manager_dashboard'],
    allowedStations: { soja: true },
    details: { name: 'João Conceição', country: 'BR', state: 'SP', city: 'Campinas', userType: 'Other', otherUserType: 'Agrônomo', actingArea: 'Sales', salesTeam: 'st-1', dn: 'dn-1', regional: 'r-1', position: 'p-1', isInnerEmployee: true, responsible: 'gr-1', group: 'g-1', region: 'reg-1', expertState: 'MG', theme: 't-1', subTheme: 's-1', businessRegion: 'br-1', businessUnit: 'bu-1', phone: '+5519999990000', defaultStation: 'soja' },
    createdAt: '2026-05-01T10:00:00.000Z',
  });
  await appendIdentity(t, userStream(a1), { type: 'InvitationSent', data: { userId: a1, email: 'joao@a.example', codeHash: 'h', by: 'u', sentAt: '2026-05-01T10:05:00.000Z', expiresAt: '2026-05-08T10:05:00.000Z' } });
  await seedLearning(t, a1, '2026-05-02T09:00:00.000Z');
  b1 = await seedUser(t, { email: 'joana@b.example', companyId: B, details: { name: 'Joana Silva' } });
  await t.infra.projections.catchUp();
  for (const [name, access] of Object.entries(matrixCallers(A, B))) tokens.set(name as MatrixCaller, access ? await tokenWith(t, access) : null);
});
afterAll(async () => {
  await t?.close();
});

const get = (caller: MatrixCaller, userId: string) => t.request('GET', `/api/manage-users/user/${userId}`, { token: tokens.get(caller) ?? undefined });

describe('GET /api/manage-users/user/{userId}: one user for the edit drawer', () => {
  const expected = directoryStatuses(404);
  for (const [caller, status] of Object.entries(expected) as [MatrixCaller, number][]) {
    it(`${caller}: ${status}`, async () => {
      const res = await get(caller, a1);
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json()).toMatchObject({ userId: a1, companyId: A });
      else expect(res.body).not.toContain('joao@a.example');
    });
  }

  it('answers every field of the manager view with access, activity and invitation', async () => {
    const res = await get('company_manager with manage_companies_users', a1);
    expect(res.json()).toEqual({
      userId: a1,
      email: 'joao@a.example',
      name: 'João Conceição',
      company: null,
      country: 'BR',
      state: 'SP',
      city: 'Campinas',
      userType: 'Other',
      otherUserType: 'Agrônomo',
      actingArea: 'Sales',
      otherActingArea: null,
      defaultStation: 'soja',
      phone: '+5519999990000',
      salesTeam: 'st-1',
      dn: 'dn-1',
      regional: 'r-1',
      position: 'p-1',
      isInnerEmployee: true,
      responsible: 'gr-1',
      group: 'g-1',
      region: 'reg-1',
      expertState: 'MG',
      theme: 't-1',
      subTheme: 's-1',
      businessRegion: 'br-1',
      businessUnit: 'bu-1',
      hasAccount: true,
      active: true,
      companyManager: true,
      emailVerified: false,
      roles: ['learner', 'company_manager'],
      permissions: ['view_manager_dashboard'],
      aclTags: [],
      companyId: A,
      allowedStations: { soja: true },
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:00.000Z',
      lastActiveAt: '2026-05-02T09:00:00.000Z',
      firstActivityAt: '2026-05-02T09:00:00.000Z',
      invitedAt: '2026-05-01T10:05:00.000Z',
    });
  });

  it('a user of another company answers 404 to a scoped manager, like an unknown user; a bad id is 400', async () => {
    const other = await get('company_manager with manage_companies_users', b1);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('joana');
    const unknown = await get('company_manager with manage_companies_users', newId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(other.json().code);
    expect((await get('holder of manage_all_companies', b1)).json()).toMatchObject({ userId: b1, email: 'joana@b.example' });
    expect((await get('holder of manage_all_companies', 'x')).statusCode).toBe(400);
  });
});
