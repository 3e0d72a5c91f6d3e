/**
 * The requests every first screen waits for, sent by a script of their own (`boot.ts`, an entry
 * with no imports, so it runs as soon as it arrives) while the libraries are still on their way,
 * instead of after they have been evaluated (ADR 0013, update 3): the settings, and when the
 * browser holds a session (its marker cookie, ADR 0014) the refresh and then, with the token it
 * answered, the profile and the data of the screen opened (SCREEN_DATA) when the token says the
 * user may read it. The app takes each answer once, in place of sending the same request
 * (`shared/api/early-answers.ts`), and only in the page's first seconds; the others are dropped.
 *
 * This file must stay free of imports: whatever it imported would be fetched before it could run.
 * Its names and paths are the contracts' (checked by early-requests.unit.spec.ts).
 */

/** The window property the requests are kept in, and the one the app sets when it has started. */
export const EARLY_REQUESTS_KEY = '__portalEarlyRequests';
export const APP_STARTED_KEY = '__portalAppStarted';

/** Paths, headers and names of the app's own calls (identity's contract, the client, the guest id). */
export const EARLY = {
  appConfig: '/api/app-config',
  refresh: '/api/auth/refresh',
  userData: '/api/userData',
  sessionMarkerCookie: 'portal_session',
  guestIdKey: 'portal.guestId',
  eventPositionHeader: 'x-event-position',
  minPositionHeader: 'x-min-position',
} as const;

/**
 * The data a first screen waits for, by path: asked with the profile when the access token says
 * the e-mail is verified and the registration completed, the rule of `prefetchForLearner`
 * (shared/session/guards.ts) that these screens' loaders use. Exact paths only; no query.
 */
export const SCREEN_DATA: Readonly<Record<string, string>> = { '/training': '/api/training' };

/** How long after they were sent an early answer may stand for the app's own request. */
export const EARLY_ANSWER_MS = 15_000;

/** GETs sent with the access token the refresh answered, by URL (the profile, the screen's data). */
export interface SignedInRequests {
  token: string;
  /** the x-min-position they were sent with (the refresh's position), if any */
  position: string | undefined;
  answers: Record<string, Promise<Response>>;
}

export interface EarlyRequests {
  /** performance.now() when they were sent */
  startedAt: number;
  appConfig?: Promise<Response>;
  refresh?: Promise<Response>;
  /** null when the refresh answered no session */
  signedIn?: Promise<SignedInRequests | null>;
}

export interface BootEnvironment {
  fetch: typeof fetch;
  /** location.pathname */
  path: string;
  /** document.cookie */
  cookie: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  /** crypto.randomUUID where the page is a secure context */
  randomUUID?: () => string;
  /** performance.now() */
  now?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hasCookie = (cookies: string, name: string): boolean => cookies.split(';').some((part) => part.split('=')[0]?.trim() === name && part.includes('='));

/**
 * The guest id the app's client sends (shared/api/guest-id.ts): the stored one, else a new one
 * stored for the app to read; null where it cannot be stored (the app then keeps one of its own
 * for the page's life, so this script leaves the refresh to it).
 */
const guestIdOf = (env: BootEnvironment): string | null => {
  try {
    const stored = env.storage?.getItem(EARLY.guestIdKey);
    if (stored && UUID.test(stored)) return stored;
    if (!env.storage || !env.randomUUID) return null;
    const id = env.randomUUID();
    env.storage.setItem(EARLY.guestIdKey, id);
    return env.storage.getItem(EARLY.guestIdKey) === id ? id : null;
  } catch {
    return null;
  }
};

const accessTokenOf = (body: unknown): string | null => {
  const token = typeof body === 'object' && body !== null ? (body as { accessToken?: unknown }).accessToken : undefined;
  return typeof token === 'string' && token.length > 0 ? token : null;
};

/** Whether the token's claims say what `prefetchForLearner` asks: e-mail verified, registration completed. */
const isCompletedLearner = (token: string): boolean => {
  try {
    const part = token.split('.')[1] ?? '';
    const json = decodeURIComponent(
      Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims = JSON.parse(json) as { emailVerified?: unknown; registerStatus?: unknown };
    return claims.emailVerified === true && claims.registerStatus === 'Completed';
  } catch {
    return false;
  }
};

/** A request whose failure the app handles when it takes it: no unhandled rejection meanwhile. */
const kept = <T>(request: Promise<T>): Promise<T> => {
  request.catch(() => undefined);
  return request;
};

/**
 * Sends the early requests. The refresh goes only with the session marker, with the headers the
 * app's own refresh sends (the guest id included); the profile request carries what the app's
 * client would send after it.
 */
export function startEarlyRequests(env: BootEnvironment): EarlyRequests {
  const requests: EarlyRequests = {
    startedAt: env.now ?? performance.now(),
    appConfig: kept(env.fetch(EARLY.appConfig, { headers: { accept: 'application/json' }, credentials: 'same-origin' })),
  };
  if (!hasCookie(env.cookie, EARLY.sessionMarkerCookie)) return requests;
  const guestId = guestIdOf(env);
  if (!guestId) return requests;
  const refresh = kept(env.fetch(EARLY.refresh, { method: 'POST', headers: { accept: 'application/json', 'x-guest-id': guestId }, credentials: 'same-origin' }));
  requests.refresh = refresh;
  requests.signedIn = kept(
    refresh
      .then(async (answer): Promise<SignedInRequests | null> => {
        if (!answer.ok) return null;
        const token = accessTokenOf(await answer.clone().json().catch(() => null));
        if (!token) return null;
        const headers: Record<string, string> = { accept: 'application/json', 'x-guest-id': guestId, authorization: `Bearer ${token}` };
        const position = answer.headers.get(EARLY.eventPositionHeader)?.trim();
        if (position) headers[EARLY.minPositionHeader] = position;
        const get = (url: string) => kept(env.fetch(url, { headers, credentials: 'same-origin' }));
        const answers: Record<string, Promise<Response>> = { [EARLY.userData]: get(EARLY.userData) };
        const screen = SCREEN_DATA[env.path];
        if (screen && isCompletedLearner(token)) answers[screen] = get(screen);
        return { token, position: position || undefined, answers };
      })
      .catch(() => null),
  );
  return requests;
}
