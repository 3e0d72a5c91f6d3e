import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { cookieFrom, registerUser, type TestUser } from '@portal/testing/identity';
import { emailStream } from '../../contracts/index.js';
import { emailKey } from '../shared/email-key.js';
import { accountIn, clockToRealTime, createCompany, staff } from '../../testing/user-admin-kit.js';

/** POST /api/manage-users/upsert over HTTP on a real database (issue 14, ADR 0050). */
let t: TestApp;
let A: string;
let B: string;
let manager: TestUser;
let admin: TestUser;
let global: TestUser;
let otherManager: TestUser;

const upsert = (token: string, body: Record<string, unknown>) => t.request('POST', '/api/manage-users/upsert', { token, body });
const streamOf = async (id: string) => (await t.infra.store.readStream(`identity.user-${id}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, actor: e.metadata.actor }));

beforeAll(async () => {
  t = await startTestApp();
  A = await createCompany(t, 'Alfa');
  B = await createCompany(t, 'Bravo');
  manager = await staff(t, 'manager@alfa.test', { roles: ['company_manager'], permissions: ['manage_companies_users', 'view_manager_dashboard'], companyId: A, aclTags: ['dist:cp'] });
  admin = await staff(t, 'admin@alfa.test', { roles: ['company_admin'], permissions: ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard'], companyId: A, aclTags: ['dist:all'] });
  global = await staff(t, 'global@alfa.test', { roles: ['company_admin'], permissions: ['manage_all_companies', 'manage_companies_users', 'manage_companies_managers'], companyId: A });
  otherManager = await staff(t, 'manager@bravo.test', { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: B });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('creating a user without an account (pre-registration)', () => {
  it('records every field of the manager view and the access, in the manager\'s company, by the manager, and claims the address', async () => {
    const body = {
      email: 'Joana.Prado@Alfa.test',
      name: 'Joana Prado',
      country: 'BR',
      state: 'SP',
      city: 'Ribeirão Preto',
      userType: 'Other',
      otherUserType: 'Consultora',
      actingArea: 'Sales',
      otherActingArea: null,
      defaultStation: 'soja',
      phone: '+55 16 99999-0000',
      salesTeam: 'Time Norte',
      dn: 'DN-1',
      regional: 'Regional SP',
      position: 'Consultora técnica',
      isInnerEmployee: false,
      responsible: 'resp-1',
      group: 'g-1',
      region: 'r-1',
      expertState: 'SP',
      theme: 'th-1',
      subTheme: 'st-1',
      businessRegion: 'br-1',
      businessUnit: 'bu-1',
      roles: ['learner'],
      aclTags: ['dist:cp'],
      allowedStations: { soja: true, milho: true },
      sendInvitation: false,
    };
    const res = await upsert(manager.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-event-position']).toMatch(/^\d+\.\d+$/);
    const { id, ...rest } = res.json();
    expect(rest).toEqual({ created: true, hasAccount: false, active: true, invitationSent: false });
    const [event] = await streamOf(id);
    const { email: _e, roles: _r, aclTags: _a, allowedStations: _s, sendInvitation: _i, ...details } = body;
    void [_e, _r, _a, _s, _i];
    expect(event).toEqual({
      type: 'UserPreRegistered',
      actor: manager.userId,
      data: expect.objectContaining({ userId: id, email: 'joana.prado@alfa.test', details, roles: ['learner'], permissions: [], aclTags: ['dist:cp'], companyId: A, allowedStations: { soja: true, milho: true }, by: manager.userId }),
    });
    // the address is held: registering it later lands in this user's stream
    const claim = await t.infra.store.readStream(emailStream(emailKey('joana.prado@alfa.test')));
    expect(claim.map((e) => [e.type, e.data.userId])).toEqual([['EmailClaimed', id]]);
  });

  it('defaults: learner, no permissions, no tags, the manager\'s company, no crops; the invitation is mailed', async () => {
    const res = await upsert(manager.token, { email: 'plain@alfa.test', name: 'Plínio Souza' });
    expect(res.json()).toMatchObject({ created: true, hasAccount: false, invitationSent: true });
    const [event] = await streamOf(res.json().id);
    expect(event!.data).toMatchObject({ roles: ['learner'], permissions: [], aclTags: [], companyId: A, allowedStations: {} });
    const [mail] = await t.infra.mailer.list({ to: 'plain@alfa.test', limit: 1 });
    expect(mail?.category).toBe('invitation');
  });

  it('email-already-in-use when an account has the address', async () => {
    await registerUser(t, 'taken@example.test');
    const res = await upsert(manager.token, { email: 'TAKEN@example.test', name: 'Outra Pessoa' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email-already-in-use' });
  });

  it('company-email-already-in-use when another company pre-registered it; email-already-in-use for the manager\'s own', async () => {
    expect((await upsert(otherManager.token, { email: 'wanted@both.test', name: 'Disputada' })).statusCode).toBe(200);
    const res = await upsert(manager.token, { email: 'wanted@both.test', name: 'Disputada' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('company-email-already-in-use');
    const own = await upsert(otherManager.token, { email: 'wanted@both.test', name: 'Disputada' });
    expect(own.json().code).toBe('email-already-in-use');
  });

  it('company-invalid for an unknown company and for one out of the manager\'s scope; nothing is claimed', async () => {
    for (const [token, companyId] of [
      [global.token, newId()],
      [manager.token, B],
    ] as const) {
      const res = await upsert(token, { email: `nowhere.${companyId}@x.test`, name: 'Sem Empresa', companyId });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('company-invalid');
    }
    const res = await upsert(global.token, { email: 'free.after@x.test', name: 'Livre Depois', companyId: newId() });
    expect(res.json().code).toBe('company-invalid');
    expect((await upsert(manager.token, { email: 'free.after@x.test', name: 'Livre Depois' })).statusCode).toBe(200);
  });

  it('a holder of manage_all_companies creates in another company', async () => {
    const res = await upsert(global.token, { email: 'in.bravo@x.test', name: 'Em Bravo', companyId: B });
    expect(res.statusCode).toBe(200);
    expect((await streamOf(res.json().id))[0]!.data.companyId).toBe(B);
  });

  it('400 with the 001 §5 message keys for bad fields', async () => {
    const res = await upsert(manager.token, {
      email: 'not-an-email',
      name: 'R2-D2',
      city: 'S4o Paulo',
      phone: 'abc',
      companyId: '00000000-0000-0000-0000-000000000000',
      roles: ['emperor'],
      aclTags: ['nope'],
      allowedStations: 'some',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('app/bed-request');
    const byPath = Object.fromEntries(res.json().details.map((d: { path: string; message: string }) => [d.path, d.message]));
    expect(byPath).toMatchObject({ name: 'lettersOnly', city: 'lettersOnly', phone: 'phoneNumberInvalid', companyId: 'uuidNotEmpty' });
    expect(Object.keys(byPath)).toEqual(expect.arrayContaining(['email', 'roles.0', 'aclTags.0', 'allowedStations']));
    expect((await upsert(manager.token, { name: 'Sem Email' })).json().details).toEqual([expect.objectContaining({ path: 'email', message: 'required' })]);
    // a user needs a role to use the portal: an empty list is refused, as the screen does
    const noRole = await upsert(manager.token, { email: 'sem.papel@alfa.test', roles: [] });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().details).toEqual([expect.objectContaining({ path: 'roles', message: 'notEmpty' })]);
  });
});

describe('updating a user in scope', () => {
  it('changes only the details named, by the manager; the same again records nothing', async () => {
    const id = await accountIn(t, 'update.me@alfa.test', { roles: ['learner'], companyId: A });
    const res = await upsert(manager.token, { id, city: 'Campinas', group: 'g-2', email: 'update.me@alfa.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, created: false, hasAccount: true, active: true, invitationSent: false });
    const again = await upsert(manager.token, { id, city: 'Campinas' });
    expect(again.statusCode).toBe(200);
    const changes = (await streamOf(id)).filter((e) => e.type === 'UserDetailsChanged');
    expect(changes).toEqual([{ type: 'UserDetailsChanged', actor: manager.userId, data: expect.objectContaining({ details: { city: 'Campinas', group: 'g-2' }, by: manager.userId }) }]);
  });

  it('the e-mail cannot be changed by a manager', async () => {
    const id = await accountIn(t, 'fixed.mail@alfa.test', { roles: ['learner'], companyId: A });
    const res = await upsert(manager.token, { id, email: 'changed@alfa.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'email', message: 'readOnly' })]);
  });

  it('escalation refused: a company manager cannot make a manager; a refused access change leaves the details too', async () => {
    const id = await accountIn(t, 'no.promotion@alfa.test', { roles: ['learner'], companyId: A });
    const res = await upsert(manager.token, { id, name: 'Promovida', roles: ['learner', 'company_manager'], permissions: ['view_manager_dashboard'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'roles', message: 'needs:manage_companies_managers', code: 'company_manager' },
        { path: 'permissions', message: 'needs:manage_companies_managers', code: 'view_manager_dashboard' },
      ]),
    );
    expect((await streamOf(id)).map((e) => e.type)).toEqual(['UserRegistered', 'AccessGranted']);
    // the admin holding manage_companies_managers may
    expect((await upsert(admin.token, { id, roles: ['learner', 'company_manager'], permissions: ['view_manager_dashboard'] })).statusCode).toBe(200);
  });

  it('tags only those held (dist:all holds every dist: tag); tc roles only with manage_all_companies', async () => {
    const id = await accountIn(t, 'tags@alfa.test', { roles: ['learner'], companyId: A });
    expect((await upsert(manager.token, { id, aclTags: ['dist:milho_dekalb'] })).statusCode).toBe(403);
    expect((await upsert(admin.token, { id, aclTags: ['dist:milho_dekalb'] })).statusCode).toBe(200);
    expect((await upsert(admin.token, { id, roles: ['learner', 'tc_manager'] })).statusCode).toBe(403);
  });

  it('own access refused, own details allowed', async () => {
    expect((await upsert(admin.token, { id: admin.userId, permissions: ['manage_companies_users'] })).statusCode).toBe(403);
    expect((await upsert(admin.token, { id: admin.userId, roles: ['company_admin'], permissions: ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard'], city: 'Jundiaí' })).statusCode).toBe(200);
  });

  it('a scoped manager cannot move a user to another company (company-invalid); manage_all_companies can', async () => {
    const id = await accountIn(t, 'mover@alfa.test', { roles: ['learner'], companyId: A });
    expect((await upsert(manager.token, { id, companyId: B })).json().code).toBe('company-invalid');
    expect((await upsert(global.token, { id, companyId: B })).statusCode).toBe(200);
    // now out of the manager's scope
    expect((await upsert(manager.token, { id, city: 'Campinas' })).statusCode).toBe(404);
  });
});

describe('a change of access reaches the user at their next refresh', () => {
  it('refuses the access token issued before the change; the refreshed token carries the new crops', async () => {
    clockToRealTime(t);
    const learner = await staff(t, 'crops@alfa.test', { roles: ['learner'], companyId: A, allowedStations: { soja: true } });
    expect((await t.request('GET', '/api/userData', { token: learner.token })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    clockToRealTime(t);
    const res = await upsert(manager.token, { id: learner.userId, allowedStations: { soja: true, milho: true } });
    expect(res.statusCode).toBe(200);
    const refused = await t.request('GET', '/api/userData', { token: learner.token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('invalid-user-token');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await t.request('POST', '/api/auth/refresh', { headers: { cookie: `portal_refresh=${encodeURIComponent(learner.refresh)}` } });
    expect(refreshed.statusCode).toBe(200);
    expect(cookieFrom(refreshed.headers)).toBeTruthy();
    const me = await t.request('GET', '/api/userData', { token: refreshed.json().accessToken, headers: { 'x-min-position': String(res.headers['x-event-position']) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().allowedStations).toEqual({ soja: true, milho: true });
  });
});
