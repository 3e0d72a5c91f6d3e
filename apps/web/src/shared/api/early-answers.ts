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

/**
 * The early GET /api/userData, once, when it was asked with `token` (the access token the app
 * holds now); otherwise undefined and the caller sends its own.
 */
export const takeEarlyUserData = (token: string | null): Promise<Response | undefined> | undefined => {
  const request = take('userData');
  if (!request || token === null) return undefined;
  return request.then((early) => (early && early.token === token ? early.response : undefined));
};
