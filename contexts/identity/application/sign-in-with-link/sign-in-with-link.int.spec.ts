import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { STRONG_PASSWORD, cookieFrom, lastMail, registerUser } from '@portal/testing/identity';

/** The e-mailed one-time sign-in link (ADR 0032): how a throttled owner gets in. */
let t: TestApp;
const START = '2026-11-21T12:00:00.000Z';
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const sendLink = (email: string, lang?: string) => t.request('POST', '/api/auth/sendSignInLink', { body: { email, ...(lang ? { lang } : {}) }, headers: from('192.0.2.10') });
const useLink = (code: string | null, address = '192.0.2.10') => t.request('POST', '/api/auth/signInWithLink', { body: { code }, headers: from(address) });
const linkCode = (link: string | null) => (link ? new URL(link).searchParams.get('code') : null);

describe('sign-in link', () => {
  it('signs a throttled owner in, once', async () => {
    t.clock.set(START);
    const owner = await registerUser(t, 'locked@example.com');
    for (let i = 0; i < 4; i++) await t.request('POST', '/api/auth/signIn', { body: { email: 'locked@example.com', password: 'Wrong!pass1' }, headers: from('192.0.2.10') });
    const held = await t.request('POST', '/api/auth/signIn', { body: { email: 'locked@example.com', password: STRONG_PASSWORD }, headers: from('192.0.2.10') });
    expect(held.statusCode).toBe(429);

    const sent = await sendLink('LOCKED@example.com', 'es');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true });
    const mail = await lastMail(t, 'locked@example.com');
    expect(mail.subject).toBe('Tu enlace de acceso');
    expect(mail.category).toBe('signInLink');
    expect(mail.link).toMatch(/^http:\/\/[^/]+\/auth\/link\?code=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+&lang=es$/);

    const res = await useLink(linkCode(mail.link));
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(owner.userId);
    expect(cookieFrom(res.headers)).toBeTruthy();
    const me = await t.request('GET', '/api/userData', { token: res.json().accessToken, headers: { 'x-min-position': String(res.headers['x-event-position']) } });
    expect(me.statusCode).toBe(200);
    // the mailbox was proven
    expect(me.json()).toMatchObject({ email: 'locked@example.com', emailVerified: true });

    const again = await useLink(linkCode(mail.link));
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('action-already-validated');
    // the address the link was used from is the owner's again: its failures are forgotten
    expect((await t.request('POST', '/api/auth/signIn', { body: { email: 'locked@example.com', password: STRONG_PASSWORD }, headers: from('192.0.2.10') })).statusCode).toBe(200);
    const types = (await t.infra.store.readStream(`identity.user-${owner.userId}`)).map((e) => e.type);
    expect(types).toContain('SignInLinkSent');
    expect(types).toContain('SignInLinkUsed');
    const stored = (await t.infra.store.readStream(`identity.user-${owner.userId}`)).map((e) => JSON.stringify(e.data)).join('\n');
    expect(stored).not.toContain(linkCode(mail.link)!.split('.')[1]);
  });

  it('expires after 15 minutes', async () => {
    t.clock.set(START);
    await registerUser(t, 'slow-reader@example.com');
    await sendLink('slow-reader@example.com');
    const mail = await lastMail(t, 'slow-reader@example.com');
    expect(mail.subject).toBe('Seu link de acesso');
    t.clock.advance(15 * 60_000);
    const res = await useLink(linkCode(mail.link));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('expired-action-code');
  });

  it('answers the same for an unknown address and mails nothing; at most one link a minute per account', async () => {
    t.clock.set(START);
    const unknown = await sendLink('nobody-at-all@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    expect(await t.infra.mailer.list({ to: 'nobody-at-all@example.com' })).toEqual([]);

    await registerUser(t, 'twice@example.com');
    expect((await sendLink('twice@example.com', 'en')).json()).toEqual({ ok: true });
    expect((await sendLink('twice@example.com', 'en')).json()).toEqual({ ok: true });
    expect(await t.infra.mailer.list({ to: 'twice@example.com' })).toHaveLength(1);
    expect((await lastMail(t, 'twice@example.com')).subject).toBe('Your sign-in link');
    t.clock.advance(60_000);
    await sendLink('twice@example.com');
    expect(await t.infra.mailer.list({ to: 'twice@example.com' })).toHaveLength(2);
  });

  it('refuses forged and malformed codes and another kind of link', async () => {
    t.clock.set(START);
    await registerUser(t, 'forge@example.com');
    await t.request('POST', '/api/sendPasswordReset', { body: { email: 'forge@example.com' } });
    const reset = await lastMail(t, 'forge@example.com');
    expect((await useLink(reset.oobCode)).json().code).toBe('invalid-action-code');
    const forged = `${reset.oobCode!.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect((await useLink(forged)).json().code).toBe('invalid-action-code');
    const nobody = `${Buffer.from('0193a8c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b').toString('base64url')}.${reset.oobCode!.split('.')[1]}`;
    expect((await useLink(nobody)).json().code).toBe('invalid-action-code');
    const malformed = await useLink('not a code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'app/bed-request', details: [expect.objectContaining({ path: 'code' })] });
    const badEmail = await t.request('POST', '/api/auth/sendSignInLink', { body: { email: 'not-an-email' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details[0].path).toBe('email');
  });
});

describe('OpenAPI', () => {
  it('lists the link routes and the 429 of sign-in with its Retry-After', async () => {
    const doc = (await t.request('GET', '/api/docs/openapi.json')).json();
    expect(doc.paths['/api/auth/sendSignInLink'].post.responses).toHaveProperty('200');
    expect(doc.paths['/api/auth/signInWithLink'].post.responses).toHaveProperty('400');
    expect(doc.paths['/api/auth/signIn'].post.responses['429'].headers).toHaveProperty('Retry-After');
  });
});
