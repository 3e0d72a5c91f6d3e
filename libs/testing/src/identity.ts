import type { AccessClaims } from '@portal/platform';
import type { TestApp } from './app.js';

export const STRONG_PASSWORD = 'Str0ng!pass';

export interface TestUser {
  userId: string;
  email: string;
  token: string;
  /** the refresh cookie value (portal_refresh) */
  refresh: string;
}

export const cookieFrom = (headers: Record<string, unknown>, name = 'portal_refresh'): string | null => {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  for (const c of list as string[]) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(c);
    if (m) return decodeURIComponent(m[1]!);
  }
  return null;
};

/** Registers through the API and returns the session. */
export async function registerUser(t: TestApp, email: string, extra: Record<string, unknown> = {}): Promise<TestUser> {
  const res = await t.request('POST', '/api/createUserRegister', { body: { email, password: STRONG_PASSWORD, country: 'BR', consent: true, lang: 'pt-BR', ...extra } });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { userId: body.userId, email, token: body.accessToken, refresh: cookieFrom(res.headers) ?? '' };
}

export async function signIn(t: TestApp, email: string, password: string): Promise<TestUser> {
  const res = await t.request('POST', '/api/auth/signIn', { body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { userId: body.userId, email, token: body.accessToken, refresh: cookieFrom(res.headers) ?? '' };
}

/** The newest outbox mail to an address, and the first link in it. */
export async function lastMail(t: TestApp, to: string) {
  const [mail] = await t.infra.mailer.list({ to, limit: 1 });
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? null;
  return { ...mail, link, oobCode: link ? new URL(link).searchParams.get('oobCode') : null };
}

/**
 * A bearer token signed with the app's own key for a signed-in, verified, Completed learner (Brazil,
 * every station, dist:all) with the claims a test changes: the principal the guard builds after a
 * real sign-in, for tests that need no identity user behind it.
 */
export function accessTokenFor(t: TestApp, claims: Partial<AccessClaims> & { sub: string }): Promise<string> {
  return t.infra.tokens.issue({
    email: `${claims.sub}@example.com`,
    roles: ['learner'],
    permissions: [],
    aclTags: ['dist:all'],
    companyId: null,
    country: 'BR',
    allowedStations: 'all',
    registerStatus: 'Completed',
    emailVerified: true,
    sid: 'test-session',
    ...claims,
  });
}

/**
 * Polls GET /api/userData with a bearer token until it is refused (401) or `ms` pass; the last
 * status and code (ADR 0031: revoked tokens are refused within seconds on every instance).
 */
export async function tokenRefusedWithin(t: TestApp, token: string, ms: number): Promise<{ statusCode: number; code: string | null }> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await t.request('GET', '/api/userData', { token });
    if (res.statusCode === 401 || Date.now() >= deadline) return { statusCode: res.statusCode, code: res.statusCode === 401 ? res.json().code : null };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
