import { describe, expect, it } from 'vitest';
import { identityRoutes, SESSION_MARKER_COOKIE } from '@portal/identity/contracts/http';
import { API_BASE } from '../shared/api/api-base';
import * as answers from '../shared/api/early-answers';
import { EVENT_POSITION_HEADER, MIN_POSITION_HEADER } from '../shared/api/event-position';
import { GUEST_ID_KEY } from '../shared/api/guest-id';
import { APP_STARTED_KEY, EARLY, EARLY_REQUESTS_KEY, startEarlyRequests, type BootEnvironment } from './early-requests';

const GUEST = '0b7e4b1c-52a8-4c3e-9a44-6f1d2a3b4c5d';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A browser whose fetch answers by path and records what was sent. */
function browser(options: { cookie?: string; guestId?: string | null; refresh?: () => Promise<Response>; randomUUID?: () => string } = {}) {
  const sent: { path: string; method: string; headers: Record<string, string> }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    sent.push({ path, method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) } });
    if (path === EARLY.appConfig) return json(200, { version: '1' });
    if (path === EARLY.refresh) return options.refresh ? options.refresh() : json(200, { accessToken: 'token-1', expiresIn: 900 }, { [EVENT_POSITION_HEADER]: '42.7' });
    if (path === EARLY.userData) return json(200, { id: 'u1' });
    return json(404, {});
  }) as typeof fetch;
  const stored = new Map<string, string>();
  const initial = options.guestId === undefined ? GUEST : options.guestId;
  if (initial !== null) stored.set(GUEST_ID_KEY, initial);
  const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
  const env: BootEnvironment = { fetch: fetchImpl, cookie: options.cookie ?? `lang=en; ${SESSION_MARKER_COOKIE}=1`, storage, ...(options.randomUUID ? { randomUUID: options.randomUUID } : {}) };
  return { env, sent, stored };
}

describe('boot script: the first requests leave before the app has loaded, as the app would send them', () => {
  it('uses the contracts own paths, cookie, storage key and headers', () => {
    expect(EARLY.appConfig).toBe(`${API_BASE}${identityRoutes.appConfig.path}`);
    expect(EARLY.refresh).toBe(`${API_BASE}${identityRoutes.refresh.path}`);
    expect(identityRoutes.refresh.method).toBe('POST');
    expect(EARLY.userData).toBe(`${API_BASE}${identityRoutes.userData.path}`);
    expect(EARLY.sessionMarkerCookie).toBe(SESSION_MARKER_COOKIE);
    expect(EARLY.guestIdKey).toBe(GUEST_ID_KEY);
    expect(EARLY.eventPositionHeader).toBe(EVENT_POSITION_HEADER);
    expect(EARLY.minPositionHeader).toBe(MIN_POSITION_HEADER);
    expect(answers.EARLY_REQUESTS_KEY).toBe(EARLY_REQUESTS_KEY);
    expect(answers.APP_STARTED_KEY).toBe(APP_STARTED_KEY);
  });

  it('a visitor without a session asks for the settings only: no refresh that would answer 401', async () => {
    const { env, sent } = browser({ cookie: 'lang=es' });
    const requests = startEarlyRequests(env);
    expect((await requests.appConfig)?.status).toBe(200);
    expect(requests.refresh).toBeUndefined();
    expect(sent.map((s) => s.path)).toEqual([EARLY.appConfig]);
  });

  it('with a session: the refresh with the stored guest id, then the profile with the token it answered and its position', async () => {
    const { env, sent } = browser();
    const requests = startEarlyRequests(env);
    const profile = await requests.userData;
    expect(profile?.token).toBe('token-1');
    expect(await profile?.response.json()).toEqual({ id: 'u1' });
    // the app still reads the refresh answer itself (the boot script read a copy)
    expect(await (await requests.refresh)?.json()).toEqual({ accessToken: 'token-1', expiresIn: 900 });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`GET ${EARLY.appConfig}`, `POST ${EARLY.refresh}`, `GET ${EARLY.userData}`]);
    expect(sent[1]!.headers['x-guest-id']).toBe(GUEST);
    expect(sent[2]!.headers).toMatchObject({ authorization: 'Bearer token-1', 'x-guest-id': GUEST, [MIN_POSITION_HEADER]: '42.7' });
  });

  it('a refused refresh asks for no profile', async () => {
    const refused = browser({ refresh: async () => json(401, { code: 'auth/unauthorized' }) });
    const requests = startEarlyRequests(refused.env);
    expect(await requests.userData).toBeNull();
    expect((await requests.refresh)?.status).toBe(401);
    expect(refused.sent.map((s) => s.path)).toEqual([EARLY.appConfig, EARLY.refresh]);

  });

  it('a browser with a session but no guest id yet (storage emptied) stores a new one for the app and sends it; without a way to store or make one, the refresh is left to the app', async () => {
    const emptied = browser({ guestId: null, randomUUID: () => GUEST.replace('0b7e', '1c8f') });
    await startEarlyRequests(emptied.env).userData;
    expect(emptied.stored.get(GUEST_ID_KEY)).toBe(GUEST.replace('0b7e', '1c8f'));
    expect(emptied.sent[1]).toMatchObject({ path: EARLY.refresh, headers: { 'x-guest-id': GUEST.replace('0b7e', '1c8f') } });

    const insecure = browser({ guestId: null });
    expect(startEarlyRequests(insecure.env).refresh).toBeUndefined();
    expect(insecure.sent.map((s) => s.path)).toEqual([EARLY.appConfig]);
    expect(insecure.stored.has(GUEST_ID_KEY)).toBe(false);
  });

  it('a failed refresh (offline) reaches the app as the same failure, with no unhandled rejection before it', async () => {
    const offline = browser({ refresh: () => Promise.reject(new TypeError('Failed to fetch')) });
    const requests = startEarlyRequests(offline.env);
    await new Promise((r) => setTimeout(r, 10));
    await expect(requests.refresh).rejects.toThrow('Failed to fetch');
    expect(await requests.userData).toBeNull();
  });
});

describe('early answers: each taken once, the profile only with the token it was asked with', () => {
  it('hands over each answer once and the profile only to the same token', async () => {
    const { env } = browser();
    const page = globalThis as unknown as Record<string, unknown>;
    const hadWindow = 'window' in globalThis;
    if (!hadWindow) page.window = globalThis;
    try {
      page[EARLY_REQUESTS_KEY] = startEarlyRequests(env);
      expect(answers.takeEarlyRefresh()).toBeDefined();
      expect(answers.takeEarlyRefresh()).toBeUndefined();
      expect(await answers.takeEarlyUserData('another-token')).toBeUndefined();
      expect(answers.takeEarlyUserData('token-1')).toBeUndefined();

      page[EARLY_REQUESTS_KEY] = startEarlyRequests(env);
      const profile = await answers.takeEarlyUserData('token-1');
      expect(await profile?.json()).toEqual({ id: 'u1' });
      expect((await answers.takeEarlyAppConfig())?.status).toBe(200);
      expect(answers.takeEarlyAppConfig()).toBeUndefined();

      answers.markAppStarted();
      expect(page[APP_STARTED_KEY]).toBe(true);
    } finally {
      delete page[EARLY_REQUESTS_KEY];
      delete page[APP_STARTED_KEY];
      if (!hadWindow) delete page.window;
    }
  });
});
