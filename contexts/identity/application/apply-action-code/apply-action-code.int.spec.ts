import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { lastMail, registerUser, signIn } from '@portal/testing/identity';
import { claimEmail } from '../shared/email-claims.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('e-mail verification', () => {
  it('mails a localized single-use link that verifies the address', async () => {
    const u = await registerUser(t, 'verify@example.com');
    const sent = await t.request('POST', '/api/sendEmailVerification', { token: u.token, body: { lang: 'es' } });
    expect(sent.statusCode).toBe(200);
    const mail = await lastMail(t, 'verify@example.com');
    expect(mail.subject).toBe('Confirma tu correo electrónico');
    expect(mail.link).toMatch(/\/auth\/action\?mode=verifyEmail&oobCode=.+&lang=es$/);
    const me = await t.request('GET', '/api/userData', { token: u.token, headers: { 'x-min-position': String(sent.headers['x-event-position']) } });
    expect(me.json().emailVerificationSentAt).toBe('2026-11-21T12:00:00.000Z');

    const applied = await t.request('POST', '/api/applyActionCode', { body: { mode: 'verifyEmail', oobCode: mail.oobCode } });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ mode: 'verifyEmail', email: 'verify@example.com' });
    const after = await t.request('GET', '/api/userData', { token: u.token, headers: { 'x-min-position': String(applied.headers['x-event-position']) } });
    expect(after.json().emailVerified).toBe(true);

    const again = await t.request('POST', '/api/applyActionCode', { body: { mode: 'verifyEmail', oobCode: mail.oobCode } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('action-already-validated');
    // a verified address is not mailed again
    expect((await t.request('POST', '/api/sendEmailVerification', { token: u.token, body: {} })).json().code).toBe('action-already-validated');
  });

  it('rate-limits resends and says how many minutes to wait', async () => {
    const u = await registerUser(t, 'resend@example.com');
    expect((await t.request('POST', '/api/sendEmailVerification', { token: u.token, body: {} })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const res = await t.request('POST', '/api/sendEmailVerification', { token: u.token, body: {} });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'too-many-requests', params: { retryAfterMinutes: 4 } });
    t.clock.advance(5 * 60_000);
    expect((await t.request('POST', '/api/sendEmailVerification', { token: u.token, body: {} })).statusCode).toBe(200);
    t.clock.set('2026-11-21T12:00:00.000Z');
  });

  it('refuses expired and forged links with their codes', async () => {
    const u = await registerUser(t, 'expired@example.com');
    await t.request('POST', '/api/sendEmailVerification', { token: u.token, body: {} });
    const { oobCode } = await lastMail(t, 'expired@example.com');
    t.clock.advance(25 * 3600_000);
    const expired = await t.request('POST', '/api/applyActionCode', { body: { mode: 'verifyEmail', oobCode } });
    expect(expired.json().code).toBe('expired-action-code');
    t.clock.set('2026-11-21T12:00:00.000Z');
    const forged = `${oobCode!.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect((await t.request('POST', '/api/applyActionCode', { body: { mode: 'verifyEmail', oobCode: forged } })).json().code).toBe('invalid-action-code');
    // a verification link does not reset a password
    expect((await t.request('POST', '/api/applyActionCode', { body: { mode: 'resetPassword', oobCode, newPassword: 'N3w!password' } })).json().code).toBe('invalid-action-code');
    expect((await t.request('POST', '/api/applyActionCode', { body: { mode: 'verifyEmail', oobCode: 'garbage' } })).json().code).toBe('app/bed-request');
  });

  it('needs a signed-in user to send a verification', async () => {
    expect((await t.request('POST', '/api/sendEmailVerification', { body: {} })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and mails nothing', async () => {
    const res = await t.request('POST', '/api/sendPasswordReset', { body: { email: 'nobody-here@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.infra.mailer.list({ to: 'nobody-here@example.com' })).toEqual([]);
  });

  it('resets through the link once; the old password and the used link stop working', async () => {
    const before = await registerUser(t, 'reset@example.com');
    expect((await t.request('POST', '/api/sendPasswordReset', { body: { email: 'RESET@example.com', lang: 'en' } })).statusCode).toBe(200);
    const mail = await lastMail(t, 'reset@example.com');
    expect(mail.subject).toBe('Password reset');
    const check = await t.request('POST', '/api/checkActionCode', { body: { mode: 'resetPassword', oobCode: mail.oobCode } });
    expect(check.json()).toEqual({ mode: 'resetPassword', email: 'reset@example.com' });
    const weak = await t.request('POST', '/api/applyActionCode', { body: { mode: 'resetPassword', oobCode: mail.oobCode, newPassword: 'weak' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('app/bed-request');
    const missing = await t.request('POST', '/api/applyActionCode', { body: { mode: 'resetPassword', oobCode: mail.oobCode } });
    expect(missing.json().code).toBe('app/bed-request');

    const ok = await t.request('POST', '/api/applyActionCode', { body: { mode: 'resetPassword', oobCode: mail.oobCode, newPassword: 'N3w!password' } });
    expect(ok.statusCode).toBe(200);
    // the session opened before the reset is over
    expect((await t.request('POST', '/api/auth/refresh', { headers: { cookie: `portal_refresh=${encodeURIComponent(before.refresh)}` } })).statusCode).toBe(401);
    expect((await signIn(t, 'reset@example.com', 'N3w!password')).token).toBeTruthy();
    const old = await t.request('POST', '/api/auth/signIn', { body: { email: 'reset@example.com', password: 'Str0ng!pass' } });
    expect(old.json().code).toBe('invalid-credential');
    const reused = await t.request('POST', '/api/applyActionCode', { body: { mode: 'resetPassword', oobCode: mail.oobCode, newPassword: 'An0ther!pass' } });
    expect(reused.json().code).toBe('action-already-validated');
    const events = await t.infra.store.readAll({ types: ['PasswordChanged'] });
    expect(JSON.stringify(events.events.map((e) => e.data))).not.toContain('N3w!password');
  });

  it('answers a reset for an address whose registration stopped after the claim like an unknown address, and mails nothing', async () => {
    // the process stopped between the e-mail claim and the account (ADR 0005): a claim, no user stream
    await claimEmail(t.infra.store, 'half-registered@example.com', '0193a8c4-5b6d-7e8f-9a0b-1c2d3e4f5a70', new Date(), { correlationId: 'spec', actor: 'system', origin: 'cli' });
    const res = await t.request('POST', '/api/sendPasswordReset', { body: { email: 'half-registered@example.com' } });
    const unknown = await t.request('POST', '/api/sendPasswordReset', { body: { email: 'nobody-here@example.com' } });
    expect([res.statusCode, res.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(await t.infra.mailer.list({ to: 'half-registered@example.com' })).toHaveLength(0);
  });
  it('mails at most one reset link a minute per account', async () => {
    await registerUser(t, 'reset-twice@example.com');
    await t.request('POST', '/api/sendPasswordReset', { body: { email: 'reset-twice@example.com' } });
    await t.request('POST', '/api/sendPasswordReset', { body: { email: 'reset-twice@example.com' } });
    expect(await t.infra.mailer.list({ to: 'reset-twice@example.com' })).toHaveLength(1);
  });
});
