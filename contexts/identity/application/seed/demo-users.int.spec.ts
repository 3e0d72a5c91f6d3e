import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@portal/platform';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { signIn, STRONG_PASSWORD } from '@portal/testing/identity';
import { userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { DEMO_COMPANY, DEMO_PASSWORD, DEMO_PRE_REGISTERED, seedDemoUsers } from './demo-users.js';

/** The demo staff get the manager permissions of issue 14, and the demo company has pre-registered users. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { permissions: string[]; companyId: string | null };

describe('demo seed', () => {
  it('gives the company manager, the company admin and the admin their permissions; re-seeding brings older access up to date', async () => {
    await seedDemoUsers(t.infra.store, t.infra.clock);
    // an access from an older seed
    await handleCommand(t.infra.store, userStream('01900000-0000-7000-8000-000000000003'), userDecider, {
      type: 'GrantAccess',
      data: { userId: '01900000-0000-7000-8000-000000000003', roles: ['company_admin'], permissions: ['manage_all_companies'], aclTags: [], companyId: DEMO_COMPANY, allowedStations: 'all', now: t.clock.now().toISOString() },
    }, { correlationId: 'old-seed', actor: 'system', origin: 'cli' });
    expect(await seedDemoUsers(t.infra.store, t.infra.clock)).toBe(0);
    const permissions = async (email: string) => claimsOf((await signIn(t, email, DEMO_PASSWORD)).token).permissions.sort();
    expect(await permissions('company.manager@demo.agro')).toEqual(['manage_companies_users', 'view_manager_dashboard']);
    expect(await permissions('company.admin@demo.agro')).toEqual(['manage_companies_managers', 'manage_companies_users', 'view_manager_dashboard']);
    expect(await permissions('admin@demo.agro')).toContain('manage_all_companies');
  });

  it('the company manager can invite the pre-registered users again, and registering takes over their access', async () => {
    const manager = await signIn(t, 'company.manager@demo.agro', DEMO_PASSWORD);
    const [helena, igor] = DEMO_PRE_REGISTERED;
    expect((await t.request('POST', `/api/manage-users/users/${helena!.userId}/invitation`, { token: manager.token, body: {} })).statusCode).toBe(200);
    const reg = await t.request('POST', '/api/createUserRegister', { body: { email: igor!.email, password: STRONG_PASSWORD, country: 'BR', consent: true } });
    expect(reg.statusCode).toBe(201);
    expect(claimsOf(reg.json().accessToken)).toMatchObject({ companyId: DEMO_COMPANY, permissions: ['manage_companies_users', 'view_manager_dashboard'] });
  });
});
