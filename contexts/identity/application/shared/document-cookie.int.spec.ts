import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, STRONG_PASSWORD } from '@portal/testing/identity';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const documentCookieOf = (headers: Record<string, unknown>): string | undefined => {
  const raw = headers['set-cookie'];
  return (Array.isArray(raw) ? (raw as string[]) : [String(raw)]).find((c) => c.startsWith('portal_document='));
};

/** ADR 0090: the document cookie is set and cleared wherever the refresh cookie is, and opens no API route. */
describe('the document cookie', () => {
  it('is httpOnly, on every path, SameSite=Lax, as short-lived as the access token, and cleared with the session', async () => {
    await registerUser(t, 'document@example.com');
    const signedIn = await t.request('POST', '/api/auth/signIn', { body: { email: 'document@example.com', password: STRONG_PASSWORD } });
    const cookie = documentCookieOf(signedIn.headers)!;
    expect(cookie).toMatch(/^portal_document=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/(;|$)/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const { expiresIn, accessToken } = signedIn.json<{ expiresIn: number; accessToken: string }>();
    expect(cookie).toMatch(new RegExp(`Max-Age=${expiresIn}(;|$)`));

    const out = await t.request('POST', '/api/auth/logoff', { token: accessToken, body: {} });
    expect(out.statusCode).toBe(204);
    expect(documentCookieOf(out.headers)).toMatch(/^portal_document=;/);
  });

  it('is refused as a bearer token, and the access token is no document token: separate keys and audiences', async () => {
    await registerUser(t, 'bearer@example.com');
    const signedIn = await t.request('POST', '/api/auth/signIn', { body: { email: 'bearer@example.com', password: STRONG_PASSWORD } });
    const documentToken = documentCookieOf(signedIn.headers)!.split(';')[0]!.slice('portal_document='.length);
    const asBearer = await t.request('GET', '/api/userData', { token: documentToken });
    expect(asBearer.statusCode).toBe(401);
    const asCookie = await t.request('GET', '/api/userData', { headers: { cookie: `portal_document=${documentToken}` } });
    expect(asCookie.statusCode).toBe(401);
    const access = await t.request('GET', '/api/userData', { token: signedIn.json<{ accessToken: string }>().accessToken });
    expect(access.statusCode).toBe(200);
  });
});
