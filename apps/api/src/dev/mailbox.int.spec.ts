import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser } from '@portal/testing/identity';

/**
 * Issue 26 item 5: the dev mailbox shows every reset and sign-in link to whoever asks, so a
 * portal reachable from outside (a staging PUBLIC_URL) must not serve it, whatever NODE_ENV says.
 */
const MAILBOX_ROUTES = ['/api/dev/mailbox', '/api/dev/mailbox/messages', '/api/dev/mailbox/messages?to=reset.me%40example.test'];

async function resetMailOf(t: TestApp, email: string) {
  await registerUser(t, email);
  expect((await t.request('POST', '/api/sendPasswordReset', { body: { email } })).statusCode).toBe(200);
  return (await t.infra.mailer.list({ to: email, limit: 10 })).find((m) => m.category === 'resetPassword');
}

/** A portal started with `env` for the tests of the enclosing describe. */
function portalWith(env: Record<string, string>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(env);
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => t!;
}

describe('the dev mailbox on a portal reachable from outside', () => {
  const app = portalWith({ NODE_ENV: 'development', PUBLIC_URL: 'https://staging.portal.example' });

  it('answers 404 on every route, while the reset mail is kept in the outbox', async () => {
    const t = app();
    const mail = await resetMailOf(t, 'reset.me@example.test');
    expect(mail?.text).toContain('https://staging.portal.example/auth/action?mode=resetPassword');
    for (const path of [...MAILBOX_ROUTES, `/api/dev/mailbox/messages/${mail!.id}/raw`]) {
      const res = await t.request('GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('oobCode');
    }
    expect((await t.request('GET', '/api/app-config')).json().devMailbox).toBe(false);
  });
});

describe('the dev mailbox with DEV_MAILBOX=true on an outside PUBLIC_URL', () => {
  const app = portalWith({ PUBLIC_URL: 'https://staging.portal.example', DEV_MAILBOX: 'true' });

  it('lists the mail with its link, as on a local portal', async () => {
    const t = app();
    const mail = await resetMailOf(t, 'reset.me@example.test');
    const list = await t.request('GET', '/api/dev/mailbox/messages?to=reset.me%40example.test');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { id: string }) => m.id)).toContain(mail!.id);
    expect((await t.request('GET', '/api/dev/mailbox')).body).toContain('oobCode');
    expect((await t.request('GET', '/api/app-config')).json().devMailbox).toBe(true);
  });
});

describe('the dev mailbox of a local portal (npm start, the tests)', () => {
  const app = portalWith({});

  it('is on for the default PUBLIC_URL http://localhost:<PORT>', async () => {
    const t = app();
    const mail = await resetMailOf(t, 'reset.me@example.test');
    for (const path of MAILBOX_ROUTES) expect((await t.request('GET', path)).statusCode, path).toBe(200);
    expect((await t.request('GET', `/api/dev/mailbox/messages/${mail!.id}/raw`)).body).toContain('oobCode');
    expect((await t.request('GET', '/api/app-config')).json().devMailbox).toBe(true);
  });
});
