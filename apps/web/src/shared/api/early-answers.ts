import type { EarlyRequests } from '../../boot/early-requests';

/**
 * The answers of the requests `boot.ts` sent before the app had loaded (ADR 0013, update 3), each
 * taken once in place of sending the same request. The keys are early-requests.ts's (the boot
 * script imports nothing, so the app does not import its values either; a unit test keeps both equal).
 */
export const EARLY_REQUESTS_KEY = '__portalEarlyRequests';
export const APP_STARTED_KEY = '__portalAppStarted';

const page = (): Record<string, unknown> => (typeof window === 'undefined' ? {} : (window as unknown as Record<string, unknown>));

/** Called first by main.tsx: a boot script that arrives later sends nothing. */
export const markAppStarted = (): void => {
  page()[APP_STARTED_KEY] = true;
};

const take = <K extends keyof EarlyRequests>(name: K): EarlyRequests[K] | undefined => {
  const requests = page()[EARLY_REQUESTS_KEY] as EarlyRequests | undefined;
  const request = requests?.[name];
  if (requests) delete requests[name];
  return request;
};

/** The early GET /api/app-config, once. */
export const takeEarlyAppConfig = (): Promise<Response> | undefined => take('appConfig');

/** The early refresh, once. */
export const takeEarlyRefresh = (): Promise<Response> | undefined => take('refresh');

/** As early-requests.ts's EARLY_ANSWER_MS. */
export const EARLY_ANSWER_MS = 15_000;

/**
 * The early answer of `GET url` (the profile, the first screen's data), once, when it was asked as
 * the app would ask now: with `token` (the access token the app holds) and `position` (the
 * read-your-writes position it would send: a write since then makes its own request), within
 * EARLY_ANSWER_MS of the boot script sending it; otherwise undefined, and the caller sends its own.
 */
export const takeEarlyGet = (url: string, asked: { token: string | null; position: string | undefined; now?: number }): Promise<Response | undefined> | undefined => {
  const requests = page()[EARLY_REQUESTS_KEY] as EarlyRequests | undefined;
  const signedIn = requests?.signedIn;
  if (!signedIn || asked.token === null) return undefined;
  if ((asked.now ?? performance.now()) - requests.startedAt > EARLY_ANSWER_MS) {
    delete requests.signedIn;
    return undefined;
  }
  return signedIn.then((early) => {
    if (!early || early.token !== asked.token || early.position !== asked.position) return undefined;
    const answer = early.answers[url];
    delete early.answers[url];
    return answer;
  });
};
