import type { AppConfig, CommandOutcome, PortalRequest } from '@portal/platform';
import { SESSION_MARKER_COOKIE, type SessionResponse } from '../../contracts/index.js';
import { parseRefreshToken } from './codes.js';
import type { IssuedSession } from './session-service.js';

export const REFRESH_COOKIE = 'portal_refresh';
/**
 * The document cookie (ADR 0090): who is signed in on a document request, so the server can
 * render the first screen. httpOnly, every path, SameSite=Lax (a link from another site opens the
 * learner's page signed in), as short-lived as the access token; its token is signed with a key of
 * its own and no JSON route reads it.
 */
export const DOCUMENT_COOKIE = 'portal_document';

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

/**
 * The session marker (ADR 0014): readable by the page, on every path, with no secret in it; it
 * lives and dies with the refresh cookie so the SPA asks for a refresh only when one exists.
 */
const markerOptions = (config: AppConfig) => ({
  path: '/',
  httpOnly: false,
  sameSite: 'strict' as const,
  secure: config.publicUrl.startsWith('https://'),
});

const documentOptions = (config: AppConfig) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.publicUrl.startsWith('https://'),
});

export const setRefreshCookie = (reply: CookieReply, config: AppConfig, token: string, maxAgeSeconds: number, document?: { token: string; maxAgeSeconds: number }) => {
  reply.setCookie(REFRESH_COOKIE, token, { ...options(config), maxAge: maxAgeSeconds });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...markerOptions(config), maxAge: maxAgeSeconds });
  if (document) reply.setCookie(DOCUMENT_COOKIE, document.token, { ...documentOptions(config), maxAge: Math.min(maxAgeSeconds, document.maxAgeSeconds) });
};

export const clearRefreshCookie = (reply: CookieReply, config: AppConfig) => {
  reply.clearCookie(REFRESH_COOKIE, options(config));
  reply.clearCookie(SESSION_MARKER_COOKIE, markerOptions(config));
  reply.clearCookie(DOCUMENT_COOKIE, documentOptions(config));
};

export const refreshCookieOf = (req: { cookies?: Record<string, string | undefined> }): string | undefined => req.cookies?.[REFRESH_COOKIE];

/** The session id inside the refresh cookie (to revoke it at sign-out without a bearer token). */
export function sessionIdOfCookie(req: { cookies?: Record<string, string | undefined> }): string | null {
  const token = refreshCookieOf(req);
  return token ? parseRefreshToken(token)?.sessionId ?? null : null;
}

/** The caller's address and browser, as a session records them. */
export const clientOf = (req: PortalRequest) => {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null };
};

/** A route that opens a session: the refresh token goes in the cookie, the access token in the body. */
export function answerWithSession(reply: CookieReply, config: AppConfig, outcome: CommandOutcome<IssuedSession>): CommandOutcome<SessionResponse> {
  setRefreshCookie(reply, config, outcome.value.refreshToken, outcome.value.maxAgeSeconds, { token: outcome.value.documentToken, maxAgeSeconds: outcome.value.response.expiresIn });
  return { value: outcome.value.response, checkpoint: outcome.checkpoint };
}
