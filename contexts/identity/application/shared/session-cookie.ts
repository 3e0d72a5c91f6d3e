import type { AppConfig } from '@portal/platform';

export const REFRESH_COOKIE = 'portal_refresh';

export interface CookieReply {
  setCookie(name: string, value: string, options: Record<string, unknown>): unknown;
  clearCookie(name: string, options: Record<string, unknown>): unknown;
  header(name: string, value: string): unknown;
}

/** httpOnly, SameSite=Strict, scoped to /api/auth: script and other sites never see it. */
const options = (config: AppConfig) => ({
  path: '/api/auth',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.publicUrl.startsWith('https://'),
});

export const setRefreshCookie = (reply: CookieReply, config: AppConfig, token: string, maxAgeSeconds: number) =>
  reply.setCookie(REFRESH_COOKIE, token, { ...options(config), maxAge: maxAgeSeconds });

export const clearRefreshCookie = (reply: CookieReply, config: AppConfig) => reply.clearCookie(REFRESH_COOKIE, options(config));

export const refreshCookieOf = (req: { cookies?: Record<string, string | undefined> }): string | undefined => req.cookies?.[REFRESH_COOKIE];
