import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, type TestUser } from '@portal/testing/identity';
import { emailStream } from '../../contracts/index.js';
import { emailKey } from '../shared/email-key.js';
import { accountIn, createCompany, staff } from '../../testing/user-admin-kit.js';

/** DELETE /api/manage-users/users/:id: a pre-registration is deleted and its address released; an account is not (issue 14). */
let t: TestApp;
let A: string;
let manager: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  A = await createCompany(t, 'Alfa');
  manager = await staff(t, 'manager@alfa.test', { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: A });
});
afterAll(async () => {
  await t?.close();
});

const preRegister = async (email: string) => {
  const res = await t.request('POST', '/api/manage-users/upsert', { token: manager.token, body: { email, name: 'Pessoa Convidada' } });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
};

describe('delete vs deactivate', () => {
  it('deletes a pre-registered user and gives the address back: it can be pre-registered again, or register on its own', async () => {
    const id = await preRegister('gone@alfa.test');
    const res = await t.request('DELETE', `/api/manage-users/users/${id}`, { token: manager.token });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-event-position']).toMatch(/^\d+\.\d+$/);
    expect((await t.infra.store.readStream(emailStream(emailKey('gone@alfa.test')))).map((e) => e.type)).toEqual(['EmailClaimed', 'EmailReleased']);
    expect((await t.request('DELETE', `/api/manage-users/users/${id}`, { token: manager.token })).statusCode).toBe(404);
    const again = await preRegister('gone@alfa.test');
    expect(again).not.toBe(id);
    await t.request('DELETE', `/api/manage-users/users/${again}`, { token: manager.token });
    const own = await registerUser(t, 'gone@alfa.test');
    expect(own.userId).not.toBe(again);
  });

  it('refuses to delete a user with an account (unable-delete-account): they are deactivated instead', async () => {
    const id = await accountIn(t, 'has.account@alfa.test', { roles: ['learner'], companyId: A });
    const res = await t.request('DELETE', `/api/manage-users/users/${id}`, { token: manager.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('unable-delete-account');
    expect((await t.request('POST', `/api/manage-users/users/${id}/deactivate`, { token: manager.token })).json()).toMatchObject({ hasAccount: true, active: false });
  });

  it('a pre-registered user has no account to deactivate (400)', async () => {
    const id = await preRegister('not.yet@alfa.test');
    const res = await t.request('POST', `/api/manage-users/users/${id}/deactivate`, { token: manager.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'id', message: 'noAccount' })]);
  });

  it('an address whose release did not happen is freed by the next claim', async () => {
    const id = await preRegister('half.done@alfa.test');
    // what a stop between the deletion and the release leaves behind
    await t.infra.store.append(`identity.user-${id}`, [{ type: 'UserDeleted', data: { userId: id, email: 'half.done@alfa.test', by: manager.userId, deletedAt: t.clock.now().toISOString() } }], {
      expectedRevision: 'any',
      context: { correlationId: 'crash-test', actor: manager.userId, origin: 'web' },
    });
    expect((await registerUser(t, 'half.done@alfa.test')).userId).not.toBe(id);
  });
});
