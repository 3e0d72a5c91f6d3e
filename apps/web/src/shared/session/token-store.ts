import { serverScope } from '../ssr/scope';
import { claimsFromToken, type AuthClaims } from './claims';

/**
 * The access token, in memory only: it never reaches localStorage, so a script injected into
 * the page cannot read it after a reload. A page load gets one from the httpOnly refresh
 * cookie (POST /api/auth/refresh, see refresh.ts). Every read goes through here.
 */
export interface SessionState {
  accessToken: string;
  userId: string;
  /** ms since epoch. */
  expiresAt: number;
  claims: AuthClaims | null;
}

/** Where an earlier version kept the token; removed on start so no stale copy stays behind. */
export const LEGACY_ACCESS_TOKEN_KEY = 'portal.accessToken';

let session: SessionState | null = null;
let refreshAttempted = false;
/** Moves on every sign-out, so an answer that was on its way (a refresh) cannot sign back in. */
let epoch = 0;
const listeners = new Set<() => void>();

const notify = (): void => {
  for (const listener of listeners) listener();
};

/**
 * The claims a server-rendered document was drawn with (ADR 0090), until this page's own session
 * is known: the first render must equal the server's, and the refresh has not answered yet.
 */
let provisional: AuthClaims | null = null;

/** On the server: the claims of the request's verified document cookie; the token is not needed there. */
const SERVER_TOKEN = 'server-render';

export const getAccessToken = (): string | null => {
  const scope = serverScope();
  if (scope) return scope.claims ? SERVER_TOKEN : null;
  return session?.accessToken ?? null;
};
export const hasAccessToken = (): boolean => {
  const scope = serverScope();
  if (scope) return scope.claims !== null;
  return session !== null || provisional !== null;
};
export const getSession = (): SessionState | null => session;
export const getAuthClaims = (): AuthClaims | null => {
  const scope = serverScope();
  if (scope) return scope.claims;
  return session?.claims ?? provisional;
};

/** The document's claims, kept until the refresh answers (or fails). */
export const setProvisionalClaims = (claims: AuthClaims | null): void => {
  provisional = claims;
};
/** Whether the page shows a server-rendered user whose session this page has not resumed yet. */
export const hasProvisionalClaims = (): boolean => provisional !== null && session === null;

/** For useSyncExternalStore: called on every sign-in, refresh and sign-out. */
export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const setSession = (init: { accessToken: string; userId: string; expiresIn: number }, now = Date.now()): SessionState => {
  const claims = claimsFromToken(init.accessToken) ?? null;
  session = { accessToken: init.accessToken, userId: init.userId, expiresAt: now + init.expiresIn * 1000, claims };
  provisional = null;
  refreshAttempted = true;
  notify();
  return session;
};

export const sessionEpoch = (): number => epoch;

export const clearAccessToken = (): void => {
  epoch += 1;
  if (session === null && provisional === null) return;
  session = null;
  provisional = null;
  notify();
};

/** Whether this page already asked the refresh cookie for a token (once per page life). */
export const wasRefreshAttempted = (): boolean => refreshAttempted;
export const markRefreshAttempted = (value = true): void => {
  refreshAttempted = value;
};

// ---- other tabs ---------------------------------------------------------------------------

export type SessionMessage = { type: 'signed-out' } | { type: 'signed-in' };
type RemoteListener = (message: SessionMessage) => void;

const CHANNEL_NAME = 'portal.session';
let channel: BroadcastChannel | null | undefined;
let remoteListener: RemoteListener | undefined;

const getChannel = (): BroadcastChannel | null => {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  channel?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
    const message = event.data;
    if (message?.type === 'signed-out') {
      // The cookie is gone for every tab: do not ask it again.
      clearAccessToken();
      refreshAttempted = true;
    } else if (message?.type === 'signed-in') {
      // Another tab has a fresh cookie: the next guard may ask it for a token.
      if (session === null) refreshAttempted = false;
    } else {
      return;
    }
    remoteListener?.(message);
  });
  return channel;
};

/** Tells the other tabs of this site that the user signed in or out. */
export const broadcastSession = (type: SessionMessage['type']): void => {
  try {
    getChannel()?.postMessage({ type } satisfies SessionMessage);
  } catch {
    // A closed channel or an old browser: the other tabs learn it at their next call.
  }
};

/** The app shell reacts to another tab signing in or out (re-runs the route guards). */
export const onRemoteSessionChange = (listener: RemoteListener): void => {
  remoteListener = listener;
  getChannel();
};

/** Drops the token an earlier version kept in localStorage. */
export const removeLegacyToken = (): void => {
  try {
    globalThis.localStorage?.removeItem(LEGACY_ACCESS_TOKEN_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
};
