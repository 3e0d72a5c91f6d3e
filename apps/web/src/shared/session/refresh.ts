import { identityRoutes, SESSION_MARKER_COOKIE, sessionResponseSchema, type SessionResponse } from '@portal/identity/contracts/http';
import { API_BASE } from '../api/api-base';
import { takeEarlyRefresh } from '../api/early-answers';
import { EVENT_POSITION_HEADER, rememberEventPosition } from '../api/event-position';
import { getGuestId } from '../api/guest-id';
import { readCookie } from '../i18n/detect-locale';
import { REFRESH_RETRY_MS, refreshDelayMs, shouldRefreshNow } from './refresh-timing';
import { broadcastSession, clearAccessToken, getAccessToken, getSession, markRefreshAttempted, sessionEpoch, setSession, wasRefreshAttempted } from './token-store';

/**
 * Sessions (issue 3): a short-lived access token in memory, renewed through the httpOnly
 * refresh cookie shortly before it expires, on a 401 id-token-expired (client.ts, once) and
 * when the page starts. A refresh answered 401 means signed out.
 */

let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<boolean> | undefined;

const schedule = (delayMs: number): void => {
  if (timer !== undefined) clearTimeout(timer);
  const token = getAccessToken();
  timer = setTimeout(() => {
    timer = undefined;
    // Signed out or signed in again meanwhile: that session has its own timer.
    if (token === null || getAccessToken() !== token) return;
    void refreshAccessToken();
  }, delayMs);
};

/** Keeps a new session (sign-in, registration, refresh) and schedules its renewal. */
export const startSession = (response: SessionResponse, options: { broadcast?: boolean } = {}): void => {
  setSession(response);
  schedule(refreshDelayMs(response.expiresIn));
  if (options.broadcast) broadcastSession('signed-in');
};

type RefreshOutcome = 'renewed' | 'signed-out' | 'failed';

const requestRefresh = async (): Promise<RefreshOutcome> => {
  const startedIn = sessionEpoch();
  let response: Response;
  try {
    // the page's first refresh was sent by the boot script, before the app had loaded (ADR 0013)
    response = await (takeEarlyRefresh() ??
      fetch(`${API_BASE}${identityRoutes.refresh.path}`, {
        method: identityRoutes.refresh.method,
        headers: { accept: 'application/json', 'x-guest-id': getGuestId() },
        credentials: 'same-origin',
      }));
  } catch {
    return 'failed';
  }
  rememberEventPosition(response.headers.get(EVENT_POSITION_HEADER));
  if (response.status === 401 || response.status === 403 || response.status === 400) return 'signed-out';
  if (!response.ok) return 'failed';
  const parsed = sessionResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) return 'failed';
  // Signed out while the answer was on its way: that session is over.
  if (sessionEpoch() !== startedIn) return 'signed-out';
  startSession(parsed.data);
  return 'renewed';
};

/**
 * Two tabs should not present the same refresh cookie at once: the second presents a token the
 * first just rotated out. The server answers that replay within 30 s with the current token
 * (ADR 0029), so a race costs nothing; the lock keeps the renewals of open tabs apart anyway.
 */
const withRefreshLock = <T>(task: () => Promise<T>): Promise<T> => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('portal.session.refresh', task) : task();
};

/**
 * Asks the refresh cookie for a new access token (one call at a time per page) and says
 * whether there is a session afterwards. A 401 ends the local session; a failure that may
 * heal (offline, 5xx) keeps the current token and tries again later. `lock: false` sends the
 * call at once instead of after the Web Lock's callback, which waits for the main thread.
 */
export const refreshAccessToken = (options: { lock?: boolean } = {}): Promise<boolean> => {
  inflight ??= (options.lock === false ? requestRefresh() : withRefreshLock(requestRefresh))
    .then((outcome) => {
      markRefreshAttempted();
      if (outcome === 'signed-out') clearAccessToken();
      if (outcome === 'failed' && getAccessToken() !== null) schedule(REFRESH_RETRY_MS);
      return outcome === 'renewed';
    })
    .finally(() => {
      inflight = undefined;
    });
  return inflight;
};

/**
 * Whether the browser holds a refresh cookie, as the session marker the server sets and clears
 * with it says (ADR 0014). The refresh cookie itself stays httpOnly; the marker holds no secret.
 */
export const hasSessionMarker = (): boolean => typeof document !== 'undefined' && readCookie(document.cookie, SESSION_MARKER_COOKIE) !== undefined;

/**
 * Route guards call this first: the first time a page needs to know, a page without a token
 * asks the refresh cookie (once per page life; again after another tab signs in). Without the
 * session marker there is no cookie to ask: a visitor's page load makes no call that answers
 * 401 (issue 13).
 */
export const bootstrapSession = async (): Promise<void> => {
  if (getAccessToken() !== null) return;
  if (inflight) {
    await inflight;
    return;
  }
  if (wasRefreshAttempted()) return;
  if (!hasSessionMarker()) {
    markRefreshAttempted();
    // a document drawn signed in whose marker is gone: signed out after all
    clearAccessToken();
    return;
  }
  // The page's first call, on every load: without the Web Lock, whose callback ran only once
  // the main thread had evaluated the code (about 150 ms on a phone, ADR 0013). Two tabs
  // starting together present the same cookie; the replay grace (ADR 0029) answers both.
  await refreshAccessToken({ lock: false });
};

/** A tab that slept past its timer renews when it becomes visible again. */
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    const current = getSession();
    if (document.visibilityState === 'visible' && current && shouldRefreshNow(current.expiresAt, Date.now())) void refreshAccessToken();
  });
}
