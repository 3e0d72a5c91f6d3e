import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { lastMail, STRONG_PASSWORD, type TestUser } from '@portal/testing/identity';
import { createCompany, staff } from '../../testing/user-admin-kit.js';

/**
 * The invitation, end to end over HTTP (issue 14, ADR 0050): a manager pre-registers a user, the
 * mail is in the outbox with a link to the registration screen, GET /api/userPreRegister?hash=
 * fills the form, registering lands the user in the company with the access the manager set.
 */
let t: TestApp;
let A: string;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  A = await createCompany(t, 'Cooperativa Alfa');
  admin = await staff(t, 'admin@alfa.test', { roles: ['company_admin'], permissions: ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard'], companyId: A, aclTags: ['dist:all'] });
});
afterAll(async () => {
  await t?.close();
});

const preRegister = async (body: Record<string, unknown>) => {
  const res = await t.request('POST', '/api/manage-users/upsert', { token: admin.token, body });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; invitationSent: boolean };
};
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('invitation')!;

describe('invitation flow', () => {
  it('pre-register -> mail in the outbox -> userPreRegister -> register -> the user is in the company with the access, verified', async () => {
    const created = await preRegister({
      email: 'nova.gerente@alfa.test',
      name: 'Nova Gerente',
      country: 'BR',
      city: 'Londrina',
      roles: ['learner', 'company_manager'],
      permissions: ['manage_companies_users', 'view_manager_dashboard'],
      aclTags: ['dist:cp'],
      allowedStations: { soja: true },
      lang: 'es',
    });
    expect(created.invitationSent).toBe(true);

    const mail = await lastMail(t, 'nova.gerente@alfa.test');
    expect(mail).toMatchObject({ category: 'invitation', locale: 'es', subject: expect.stringContaining('invitaron') });
    expect(mail.text).toContain('Cooperativa Alfa');
    expect(mail.link).toMatch(/\/auth\/register\?invitation=[^&]+&lang=es$/);
    const hash = tokenOf(mail.link);

    const pre = await t.request('GET', `/api/userPreRegister?hash=${encodeURIComponent(hash)}`);
    expect(pre.statusCode).toBe(200);
    expect(pre.json()).toEqual({ email: 'nova.gerente@alfa.test', name: 'Nova Gerente', country: 'BR', lang: null, companyName: 'Cooperativa Alfa', invitation: hash });

    const reg = await t.request('POST', '/api/createUserRegister', { body: { email: 'nova.gerente@alfa.test', password: STRONG_PASSWORD, country: 'BR', consent: true, lang: 'es', invitation: hash } });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().userId).toBe(created.id);
    const me = await t.request('GET', '/api/userData', { token: reg.json().accessToken, headers: { 'x-min-position': String(reg.headers['x-event-position']) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      uid: created.id,
      email: 'nova.gerente@alfa.test',
      emailVerified: true,
      name: 'Nova Gerente',
      city: 'Londrina',
      roles: ['learner', 'company_manager'],
      permissions: ['manage_companies_users', 'view_manager_dashboard'],
      aclTags: ['dist:cp'],
      companyId: A,
      allowedStations: { soja: true },
    });
    // the new user's own token already carries the access
    const claims = JSON.parse(Buffer.from(String(reg.json().accessToken).split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ companyId: A, roles: ['learner', 'company_manager'], emailVerified: true });
    // the manager now sees a user with an account: no more invitations, no deletion
    expect((await t.request('POST', `/api/manage-users/users/${created.id}/invitation`, { token: admin.token, body: {} })).json().code).toBe('action-already-validated');
    expect((await t.request('DELETE', `/api/manage-users/users/${created.id}`, { token: admin.token })).json().code).toBe('unable-delete-account');
    // the used link says so
    expect((await t.request('GET', `/api/userPreRegister?hash=${encodeURIComponent(hash)}`)).json().code).toBe('action-already-validated');
  });

  it('registering the pre-registered address without the link also takes over the company, unverified', async () => {
    const created = await preRegister({ email: 'sem.link@alfa.test', name: 'Sem Link', sendInvitation: false });
    const reg = await t.request('POST', '/api/createUserRegister', { body: { email: 'Sem.Link@alfa.test', password: STRONG_PASSWORD, country: 'AR', consent: true } });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().userId).toBe(created.id);
    const me = (await t.request('GET', '/api/userData', { token: reg.json().accessToken, headers: { 'x-min-position': String(reg.headers['x-event-position']) } })).json();
    expect(me).toMatchObject({ companyId: A, emailVerified: false, country: 'AR', name: 'Sem Link' });
  });

  it('resends the invitation (a new link, at most once a minute); both links open the form', async () => {
    const created = await preRegister({ email: 'resend@alfa.test', name: 'Reenvio Pedido' });
    const first = tokenOf((await lastMail(t, 'resend@alfa.test')).link);
    expect((await t.request('POST', `/api/manage-users/users/${created.id}/invitation`, { token: admin.token, body: { lang: 'en' } })).json().code).toBe('too-many-requests');
    t.clock.advance(61_000);
    const res = await t.request('POST', `/api/manage-users/users/${created.id}/invitation`, { token: admin.token, body: { lang: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, hasAccount: false, invitationSent: true });
    const mail = await lastMail(t, 'resend@alfa.test');
    expect(mail).toMatchObject({ locale: 'en', subject: expect.stringContaining('invited') });
    const second = tokenOf(mail.link);
    expect(second).not.toBe(first);
    for (const hash of [first, second]) expect((await t.request('GET', `/api/userPreRegister?hash=${encodeURIComponent(hash)}`)).statusCode).toBe(200);
  });
});

describe('GET /api/userPreRegister', () => {
  it('by e-mail answers the same shape, holding only the address, whether or not it is pre-registered (no enumeration)', async () => {
    await preRegister({ email: 'known@alfa.test', name: 'Pessoa Conhecida', sendInvitation: false });
    const known = await t.request('GET', '/api/userPreRegister?email=known%40alfa.test');
    const unknown = await t.request('GET', '/api/userPreRegister?email=unknown%40alfa.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ email: 'known@alfa.test', name: null, country: null, lang: null, companyName: null, invitation: null });
    expect(unknown.json()).toEqual({ ...known.json(), email: 'unknown@alfa.test' });
  });

  it('a forged, altered, expired or deleted invitation is refused', async () => {
    const created = await preRegister({ email: 'expiring@alfa.test', name: 'Vai Expirar' });
    const hash = tokenOf((await lastMail(t, 'expiring@alfa.test')).link);
    const [body, mac] = hash.split('.') as [string, string];
    const altered = `${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}.${mac}`;
    for (const bad of [altered, `${body}.${'x'.repeat(27)}`]) expect((await t.request('GET', `/api/userPreRegister?hash=${encodeURIComponent(bad)}`)).json().code).toBe('invalid-action-code');
    expect((await t.request('GET', '/api/userPreRegister?hash=nope')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/userPreRegister')).statusCode).toBe(400);
    t.clock.advance(15 * 86_400_000);
    expect((await t.request('GET', `/api/userPreRegister?hash=${encodeURIComponent(hash)}`)).json().code).toBe('expired-action-code');
    t.clock.advance(-15 * 86_400_000);
    expect((await t.request('DELETE', `/api/manage-users/users/${created.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await t.request('GET', `/api/userPreRegister?hash=${encodeURIComponent(hash)}`)).json().code).toBe('invalid-action-code');
  });
});
