import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, useTwoInstances, type TestApp } from '@portal/testing/app';
import { registerUser, type TestUser } from '@portal/testing/identity';
import { REVOCATION_CHECK_MS } from './realtime.controller.js';

/** The stream ends within this of a sign-out (the revocation's way to the instance plus a check). */
const CLOSED_WITHIN_MS = 5000 + REVOCATION_CHECK_MS;

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
}

const ticketFor = async (t: TestApp, token: string | undefined) => t.request('POST', '/api/realtime/ticket', { ...(token ? { token } : {}) });
const newTicket = async (t: TestApp, u: TestUser): Promise<string> => {
  const res = await ticketFor(t, u.token);
  expect(res.statusCode).toBe(201);
  return res.json().ticket as string;
};

/** Reads the stream until `until` holds, it ends, or 5 s pass; `ended`: the server closed it. */
async function readEvents(url: string, until: (text: string) => boolean, timeoutMs = 5000) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  if (!res.body || res.status !== 200) return { status: res.status, type: res.headers.get('content-type'), text: await res.text(), ended: true };
  const reader = res.body.getReader();
  let text = '';
  let ended = false;
  const deadline = Date.now() + timeoutMs;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    while (!until(text) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      text += new TextDecoder().decode(value);
    }
  } catch {
    /* aborted at the deadline */
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { status: res.status, type: res.headers.get('content-type'), text, ended };
}

const signOut = (t: TestApp, u: TestUser) => t.request('POST', '/api/auth/logoff', { token: u.token, body: {} });

describe('realtime stream', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await listening(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens with a ticket: the application version first, then what is published for the user', async () => {
    const u = await registerUser(t, 'sse@example.com');
    const ticket = await newTicket(t, u);
    const pending = readEvents(`${base}/api/realtime/stream?ticket=${ticket}`, (s) => s.includes('event: unseen'));
    await new Promise((r) => setTimeout(r, 300));
    await t.infra.realtime.publish(u.userId, { type: 'unseen', data: { count: 3 } });
    await t.infra.realtime.publish('someone-else', { type: 'unseen', data: { count: 99 } });
    const { status, type, text } = await pending;
    expect(status).toBe(200);
    expect(type).toContain('text/event-stream');
    expect(text).toMatch(/^event: version\ndata: \{"version":"1\.7\.124"\}/);
    expect(text).toContain('event: unseen\ndata: {"count":3}');
    expect(text).not.toContain('"count":99');
  });

  it('no longer opens with the access token in the URL (issue 26 item 4)', async () => {
    const u = await registerUser(t, 'token.in.url@example.com');
    const res = await t.request('GET', `/api/realtime/stream?access_token=${u.token}`);
    expect(res.statusCode).toBe(401);
  });

  it('a ticket opens one stream once; used, unknown, missing or expired it answers 401', async () => {
    const u = await registerUser(t, 'once@example.com');
    const ticket = await newTicket(t, u);
    expect(ticket).not.toContain(u.token.split('.')[1]!);
    const first = await readEvents(`${base}/api/realtime/stream?ticket=${ticket}`, (s) => s.includes('event: version'));
    expect(first.status).toBe(200);
    const again = await t.request('GET', `/api/realtime/stream?ticket=${ticket}`);
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 401, code: 'invalid-user-token' });
    expect((await t.request('GET', '/api/realtime/stream?ticket=forged')).json().code).toBe('invalid-user-token');
    expect((await t.request('GET', '/api/realtime/stream')).statusCode).toBe(401);
    const late = await newTicket(t, u);
    t.clock.advance(31_000);
    expect((await t.request('GET', `/api/realtime/stream?ticket=${late}`)).statusCode).toBe(401);
  });

  it('only a signed-in caller gets a ticket', async () => {
    expect((await ticketFor(t, undefined)).statusCode).toBe(401);
    expect((await ticketFor(t, 'forged')).json().code).toBe('invalid-user-token');
  });

  it("a ticket asked for before a sign-out opens nothing after it, and an open stream of the session ends", async () => {
    const u = await registerUser(t, 'signed.out@example.com');
    const unused = await newTicket(t, u);
    const open = readEvents(`${base}/api/realtime/stream?ticket=${await newTicket(t, u)}`, () => false, CLOSED_WITHIN_MS + 2000);
    await new Promise((r) => setTimeout(r, 300));
    const signedOutAt = Date.now();
    expect((await signOut(t, u)).statusCode).toBe(204);
    expect((await t.request('GET', `/api/realtime/stream?ticket=${unused}`)).statusCode).toBe(401);
    const stream = await open;
    expect(stream.status).toBe(200);
    expect(stream.ended).toBe(true);
    expect(Date.now() - signedOutAt).toBeLessThan(CLOSED_WITHIN_MS);
  });
});

const NOT_RUN = 'two-instance stream tests not run: they need a Postgres server (set TEST_DATABASE_URL)';

describe('two API instances on one Postgres database', () => {
  const two = useTwoInstances();

  it('a ticket asked of one instance opens the stream on the other, once', async () => {
    const pair = two.instances();
    if (!pair) return console.info(NOT_RUN);
    const [a, b] = pair;
    const baseB = await listening(b);
    const u = await registerUser(a, 'two.tickets@example.com');
    const ticket = await newTicket(a, u);
    const stream = await readEvents(`${baseB}/api/realtime/stream?ticket=${ticket}`, (s) => s.includes('event: version'));
    expect(stream.status).toBe(200);
    expect((await a.request('GET', `/api/realtime/stream?ticket=${ticket}`)).statusCode).toBe(401);
  });

  it('a sign-out on one instance ends the session\'s stream on the other', async () => {
    const pair = two.instances();
    if (!pair) return console.info(NOT_RUN);
    const [a, b] = pair;
    const baseB = (await b.app.getUrl()).replace('[::1]', '127.0.0.1');
    const u = await registerUser(a, 'two.streams@example.com');
    const open = readEvents(`${baseB}/api/realtime/stream?ticket=${await newTicket(a, u)}`, () => false, CLOSED_WITHIN_MS + 2000);
    await new Promise((r) => setTimeout(r, 300));
    const signedOutAt = Date.now();
    expect((await signOut(a, u)).statusCode).toBe(204);
    const stream = await open;
    expect(stream.status).toBe(200);
    expect(stream.ended).toBe(true);
    expect(Date.now() - signedOutAt).toBeLessThan(CLOSED_WITHIN_MS);
  });
});
