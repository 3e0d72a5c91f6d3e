import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser } from '@portal/testing/identity';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = await t.app.getUrl();
});
afterAll(async () => {
  await t.close();
});

async function readEvents(url: string, until: (text: string) => boolean) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const reader = res.body!.getReader();
  let text = '';
  const deadline = Date.now() + 5000;
  while (!until(text) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  controller.abort();
  return { status: res.status, type: res.headers.get('content-type'), text };
}

describe('realtime stream', () => {
  it('sends the application version first, then what is published for the user', async () => {
    const u = await registerUser(t, 'sse@example.com');
    const pending = readEvents(`${base.replace('[::1]', '127.0.0.1')}/api/realtime/stream?access_token=${u.token}`, (s) => s.includes('event: unseen'));
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

  it('refuses a missing or forged token', async () => {
    expect((await t.request('GET', '/api/realtime/stream')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/realtime/stream?access_token=forged')).statusCode).toBe(401);
  });
});
