import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { lastMail, registerUser, signIn, STRONG_PASSWORD } from '@portal/testing/identity';
import { seedDemoUsers } from '@portal/identity/application';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const PNG_1x1 = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----portaltest';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile', () => {
  it('moves registration None -> UserProfile -> Completed, treating Nulo as empty', async () => {
    const u = await registerUser(t, 'profile@example.com');
    let me = (await t.request('GET', '/api/userData', { token: u.token })).json();
    expect(me.registerStatus).toBe('None');
    expect(me.isInnerEmployee).toBeNull();

    const partial = await t.request('POST', '/api/updateUserProfile', { token: u.token, body: { name: 'Rosa Pereira', userType: 'Nulo', actingArea: 'Nulo' } });
    expect(partial.statusCode).toBe(200);
    me = partial.json();
    expect(me).toMatchObject({ registerStatus: 'UserProfile', userType: null, actingArea: null, displayName: 'Rosa Pereira', initials: 'RP' });

    const inner = await t.request('POST', '/api/updateUserProfile', { token: u.token, body: { userType: 'Distribuidor', isInnerEmployee: true } });
    expect(inner.json().registerStatus).toBe('UserProfile'); // an employee also needs an acting area
    const done = await t.request('POST', '/api/updateUserProfile', { token: u.token, body: { actingArea: 'Vendas', state: 'SP', city: 'Campinas', lang: 'en' } });
    expect(done.json()).toMatchObject({ registerStatus: 'Completed', actingArea: 'Vendas', isInnerEmployee: true, state: 'SP', city: 'Campinas', lang: 'en' });
    // completed stays completed
    expect((await t.request('POST', '/api/updateUserProfile', { token: u.token, body: { userType: 'Nulo' } })).json().registerStatus).toBe('Completed');
  });

  it('answers 400 with field errors for values outside the lists', async () => {
    const u = await registerUser(t, 'badprofile@example.com');
    const res = await t.request('POST', '/api/updateUserProfile', { token: u.token, body: { userType: 'Astronaut', country: 'FR', phone: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['country', 'phone', 'userType']);
  });

  it('changes the e-mail, mails a recover link to the old address, and the link restores it', async () => {
    const u = await registerUser(t, 'old.address@example.com');
    await registerUser(t, 'taken@example.com');
    const taken = await t.request('POST', '/api/updateUserProfile', { token: u.token, body: { email: 'taken@example.com' } });
    expect(taken.json().code).toBe('email-already-in-use');
    const changed = await t.request('POST', '/api/updateUserProfile', { token: u.token, body: { email: 'new.address@example.com' } });
    expect(changed.json()).toMatchObject({ email: 'new.address@example.com', emailVerified: false });
    const mail = await lastMail(t, 'old.address@example.com');
    expect(mail.category).toBe('recoverEmail');
    expect((await t.request('POST', '/api/applyActionCode', { body: { mode: 'recoverEmail', oobCode: mail.oobCode } })).json()).toEqual({ mode: 'recoverEmail', email: 'old.address@example.com' });
    expect((await signIn(t, 'old.address@example.com', STRONG_PASSWORD)).userId).toBe(u.userId);
  });

  it('offers edit options and countries sorted by display name in the asked language', async () => {
    const u = await registerUser(t, 'options@example.com');
    const opts = (await t.request('GET', '/api/userProfileEditOptions?lang=en', { token: u.token })).json();
    expect(opts.userTypes).toContainEqual({ value: 'Agricultor', label: 'Farmer' });
    expect(opts.states.BR).toHaveLength(27);
    const es = (await t.request('GET', '/api/countries?lang=es')).json();
    expect(es).toHaveLength(16);
    const names = es.map((c: { displayName: string }) => c.displayName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'es')));
    expect(es.find((c: { code: string }) => c.code === 'BR').displayName).toBe('Brasil');
    expect((await t.request('GET', '/api/userProfileEditOptions')).statusCode).toBe(401);
  });
});

describe('profile picture', () => {
  it('accepts an image by content, serves it, and removes it', async () => {
    const u = await registerUser(t, 'picture@example.com');
    const { body, headers } = multipart('me.png', 'image/png', PNG_1x1);
    const res = await t.request('POST', '/api/user-profile/picture', { token: u.token, body, headers });
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePicture;
    const img = await t.request('GET', url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const me = await t.request('GET', '/api/userData', { token: u.token, headers: { 'x-min-position': String(res.headers['x-event-position']) } });
    expect(me.json().profilePicture).toBe(url);
    const del = await t.request('DELETE', '/api/user-profile/picture', { token: u.token });
    expect(del.statusCode).toBe(204);
    const after = await t.request('GET', '/api/userData', { token: u.token, headers: { 'x-min-position': String(del.headers['x-event-position']) } });
    expect(after.json().profilePicture).toBeNull();
  });

  it('refuses a non-image even when it claims to be one, and files over 2 MB', async () => {
    const u = await registerUser(t, 'notimage@example.com');
    const fake = multipart('x.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const res = await t.request('POST', '/api/user-profile/picture', { token: u.token, body: fake.body, headers: fake.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].message).toBe('fileImage');
    const big = multipart('big.png', 'image/png', Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024 + 10)]));
    const tooBig = await t.request('POST', '/api/user-profile/picture', { token: u.token, body: big.body, headers: big.headers });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().params).toEqual({ size: 2048 });
  });

  it('answers app/invalid-user-uid without a signed-in user (000 §5)', async () => {
    const { body, headers } = multipart('me.png', 'image/png', PNG_1x1);
    expect((await t.request('POST', '/api/user-profile/picture', { body, headers })).json().code).toBe('app/invalid-user-uid');
    expect((await t.request('DELETE', '/api/user-profile/picture')).json().code).toBe('app/invalid-user-uid');
  });
});

describe('flags, interactions and phone', () => {
  it('keeps flags and the first time of each interaction', async () => {
    const u = await registerUser(t, 'flags@example.com');
    expect((await t.request('POST', '/api/user-store/flag', { token: u.token, body: { key: 'journeyWelcome', value: true } })).statusCode).toBe(204);
    const first = await t.request('POST', '/api/user-store/interactions', { token: u.token, body: { name: 'advertenceAlertConfirmed' } });
    t.clock.advance(60_000);
    const repeat = await t.request('POST', '/api/user-store/interactions', { token: u.token, body: { name: 'advertenceAlertConfirmed' } });
    expect(repeat.headers['x-event-position']).toBeUndefined(); // nothing new was recorded
    t.clock.set('2026-11-21T12:00:00.000Z');
    const me = (await t.request('GET', '/api/userData', { token: u.token, headers: { 'x-min-position': String(first.headers['x-event-position']) } })).json();
    expect(me.flags).toEqual({ journeyWelcome: true });
    expect(me.interactions).toEqual({ advertenceAlertConfirmed: '2026-11-21T12:00:00.000Z', firstVideoContentViewed: null });
    expect((await t.request('POST', '/api/user-store/flag', { token: u.token, body: { key: 'bad key!', value: 1 } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/user-store/flag', { body: { key: 'k', value: 1 } })).statusCode).toBe(401);
  });

  it('links a phone with the code sent through the SMS port (outbox locally)', async () => {
    const u = await registerUser(t, 'phone@example.com');
    expect((await t.request('POST', '/api/auth2/phone/send', { token: u.token, body: { phone: '+5511999998888', lang: 'en' } })).statusCode).toBe(200);
    const sms = await lastMail(t, '+5511999998888');
    expect(sms.category).toBe('sms');
    const code = /(\d{6})/.exec(sms.text)![1]!;
    const again = await t.request('POST', '/api/auth2/phone/send', { token: u.token, body: { phone: '+5511999998888' } });
    expect(again.json()).toMatchObject({ code: 'too-many-requests', params: { retryAfterMinutes: 1 } });
    const wrong = await t.request('POST', '/api/auth2/phone/verify', { token: u.token, body: { phone: '+5511999998888', code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.json().code).toBe('invalid-action-code');
    const ok = await t.request('POST', '/api/auth2/phone/verify', { token: u.token, body: { phone: '+5511999998888', code } });
    expect(ok.statusCode).toBe(200);
    const me = (await t.request('GET', '/api/userData', { token: u.token, headers: { 'x-min-position': String(ok.headers['x-event-position']) } })).json();
    expect(me).toMatchObject({ phone: '+5511999998888', phoneVerified: true });
    expect((await t.request('POST', '/api/auth2/phone/send', { token: u.token, body: { phone: '11999' } })).json().details[0].path).toBe('phone');
  });
});

describe('audit and access', () => {
  it("lets an auditor read a user's whole account history with the hash chain verified, and nobody else", async () => {
    await seedDemoUsers(t.infra.store, t.infra.clock);
    const u = await registerUser(t, 'audited@example.com');
    await signIn(t, 'audited@example.com', STRONG_PASSWORD);
    await t.infra.projections.catchUp();
    const auditor = await signIn(t, 'auditor@demo.agro', 'Demo#2026');
    const res = await t.request('GET', `/api/audit/users/${u.userId}/history`, { token: auditor.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.streams.every((s: { verified: boolean }) => s.verified)).toBe(true);
    const user = body.streams.find((s: { streamId: string }) => s.streamId === `identity.user-${u.userId}`);
    expect(user.events.map((e: { type: string }) => e.type)).toEqual(['UserRegistered', 'SignInSucceeded']);
    expect(user.events[0].data.passwordHash).toBe('[redacted]');
    expect(body.streams.filter((s: { streamId: string }) => s.streamId.startsWith('identity.session-'))).toHaveLength(2);

    const learner = await signIn(t, 'learner@demo.agro', 'Demo#2026');
    expect((await t.request('GET', `/api/audit/users/${u.userId}/history`, { token: learner.token })).statusCode).toBe(403);
    expect((await t.request('GET', `/api/audit/users/${u.userId}/history`)).statusCode).toBe(401);
    expect((await t.request('GET', '/api/audit/users/not-a-uuid/history', { token: auditor.token })).statusCode).toBe(400);
  });

  it('publishes the public app settings', async () => {
    const res = await t.request('GET', '/api/app-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: '1.7.124', production: false, toggles: { scormTest: false }, argentina: { stagingHosts: [] } });
  });
});
