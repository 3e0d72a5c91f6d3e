import { describe, expect, it } from 'vitest';
import { identityRoutes, SESSION_MARKER_COOKIE } from '@portal/identity/contracts/http';
import { API_BASE } from '../shared/api/api-base';
import * as answers from '../shared/api/early-answers';
import { EVENT_POSITION_HEADER, MIN_POSITION_HEADER } from '../shared/api/event-position';
import { GUEST_ID_KEY } from '../shared/api/guest-id';
import { learningRoutes } from '@portal/learning/contracts/http';
import { APP_STARTED_KEY, EARLY, EARLY_ANSWER_MS, EARLY_REQUESTS_KEY, SCREEN_DATA, startEarlyRequests, type BootEnvironment } from './early-requests';

const GUEST = '0b7e4b1c-52a8-4c3e-9a44-6f1d2a3b4c5d';
const base64Url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
/** An access token whose claims the boot script reads (the signature is the server's business). */
const tokenOf = (claims: Record<string, unknown>): string => `${base64Url({ alg: 'HS256' })}.${base64Url({ sub: 'u1', name: 'João', ...claims })}.sig`;
const LEARNER = tokenOf({ emailVerified: true, registerStatus: 'Completed' });
const UNVERIFIED = tokenOf({ emailVerified: false, registerStatus: 'Pending' });
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A browser whose fetch answers by path and records what was sent. */
function browser(options: { path?: string; token?: string; cookie?: string; guestId?: string | null; refresh?: () => Promise<Response>; randomUUID?: () => string } = {}) {
  const sent: { path: string; method: string; headers: Record<string, string> }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    sent.push({ path, method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) } });
    if (path === EARLY.appConfig) return json(200, { version: '1' });
    if (path === EARLY.refresh) return options.refresh ? options.refresh() : json(200, { accessToken: options.token ?? LEARNER, expiresIn: 900 }, { [EVENT_POSITION_HEADER]: '42.7' });
    if (path === EARLY.userData) return json(200, { id: 'u1' });
    if (path === SCREEN_DATA['/training']) return json(200, { crops: [] });
    return json(404, {});
  }) as typeof fetch;
  const stored = new Map<string, string>();
  const initial = options.guestId === undefined ? GUEST : options.guestId;
  if (initial !== null) stored.set(GUEST_ID_KEY, initial);
  const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
  const env: BootEnvironment = { fetch: fetchImpl, path: options.path ?? '/home', cookie: options.cookie ?? `lang=en; ${SESSION_MARKER_COOKIE}=1`, storage, ...(options.randomUUID ? { randomUUID: options.randomUUID } : {}) };
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
    const signedIn = await requests.signedIn;
    expect(signedIn?.token).toBe(LEARNER);
    expect(signedIn?.position).toBe('42.7');
    expect(Object.keys(signedIn?.answers ?? {})).toEqual([EARLY.userData]);
    expect(await (await signedIn?.answers[EARLY.userData])?.json()).toEqual({ id: 'u1' });
    // the app still reads the refresh answer itself (the boot script read a copy)
    expect(await (await requests.refresh)?.json()).toEqual({ accessToken: LEARNER, expiresIn: 900 });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`GET ${EARLY.appConfig}`, `POST ${EARLY.refresh}`, `GET ${EARLY.userData}`]);
    expect(sent[1]!.headers['x-guest-id']).toBe(GUEST);
    expect(sent[2]!.headers).toMatchObject({ authorization: `Bearer ${LEARNER}`, 'x-guest-id': GUEST, [MIN_POSITION_HEADER]: '42.7' });
  });

  it('asks for the first screen\'s data beside the profile only when the token says the learner may read it', async () => {
    expect(SCREEN_DATA['/training']).toBe(`${API_BASE}${learningRoutes.training.path}`);
    expect(learningRoutes.training.method).toBe('GET');
    const learner = browser({ path: '/training' });
    const signedIn = await startEarlyRequests(learner.env).signedIn;
    expect(Object.keys(signedIn?.answers ?? {}).sort()).toEqual([SCREEN_DATA['/training'], EARLY.userData].sort());
    expect(learner.sent.find((s) => s.path === SCREEN_DATA['/training'])?.headers.authorization).toBe(`Bearer ${LEARNER}`);

    const unverified = browser({ path: '/training', token: UNVERIFIED });
    expect(Object.keys((await startEarlyRequests(unverified.env).signedIn)?.answers ?? {})).toEqual([EARLY.userData]);
    expect(unverified.sent.map((s) => s.path)).not.toContain(SCREEN_DATA['/training']);
  });

  it('a refused refresh asks for no profile', async () => {
    const refused = browser({ refresh: async () => json(401, { code: 'auth/unauthorized' }) });
    const requests = startEarlyRequests(refused.env);
    expect(await requests.signedIn).toBeNull();
    expect((await requests.refresh)?.status).toBe(401);
    expect(refused.sent.map((s) => s.path)).toEqual([EARLY.appConfig, EARLY.refresh]);

  });

  it('a browser with a session but no guest id yet (storage emptied) stores a new one for the app and sends it; without a way to store or make one, the refresh is left to the app', async () => {
    const emptied = browser({ guestId: null, randomUUID: () => GUEST.replace('0b7e', '1c8f') });
    await startEarlyRequests(emptied.env).signedIn;
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
    expect(await requests.signedIn).toBeNull();
  });
});

describe('early answers: each taken once, a GET only as the app would send it now', () => {
  it('hands over each answer once; a GET only with the same token and position, in the page\'s first seconds', async () => {
    const page = globalThis as unknown as Record<string, unknown>;
    const hadWindow = 'window' in globalThis;
    if (!hadWindow) page.window = globalThis;
    const asked = { token: LEARNER, position: '42.7', now: 1_000 };
    const env = (path?: string) => ({ ...browser(path ? { path } : {}).env, now: 0 });
    try {
      expect(answers.EARLY_ANSWER_MS).toBe(EARLY_ANSWER_MS);
      page[EARLY_REQUESTS_KEY] = startEarlyRequests(env('/training'));
      expect(answers.takeEarlyRefresh()).toBeDefined();
      expect(answers.takeEarlyRefresh()).toBeUndefined();
      expect(await answers.takeEarlyGet(EARLY.userData, { ...asked, token: 'another-token' })).toBeUndefined();
      // a write since the refresh (a later position): the app asks again itself
      expect(await answers.takeEarlyGet(EARLY.userData, { ...asked, position: '43.1' })).toBeUndefined();
      expect(await (await answers.takeEarlyGet(EARLY.userData, asked))?.json()).toEqual({ id: 'u1' });
      expect(await answers.takeEarlyGet(EARLY.userData, asked)).toBeUndefined();
      expect(await answers.takeEarlyGet('/api/stations', asked)).toBeUndefined();
      expect(answers.takeEarlyGet(SCREEN_DATA['/training']!, { ...asked, token: null })).toBeUndefined();
      expect(await (await answers.takeEarlyGet(SCREEN_DATA['/training']!, asked))?.json()).toEqual({ crops: [] });
      expect((await answers.takeEarlyAppConfig())?.status).toBe(200);
      expect(answers.takeEarlyAppConfig()).toBeUndefined();

      // later in the page's life nothing early stands for a request
      page[EARLY_REQUESTS_KEY] = startEarlyRequests(env());
      expect(answers.takeEarlyGet(EARLY.userData, { ...asked, now: EARLY_ANSWER_MS + 1 })).toBeUndefined();
      expect(answers.takeEarlyGet(EARLY.userData, asked)).toBeUndefined();

      answers.markAppStarted();
      expect(page[APP_STARTED_KEY]).toBe(true);
    } finally {
      delete page[EARLY_REQUESTS_KEY];
      delete page[APP_STARTED_KEY];
      if (!hadWindow) delete page.window;
    }
  });
});
