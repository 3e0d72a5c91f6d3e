import { describe, expect, it } from 'vitest';
import { startTestApp } from '@portal/testing/app';
import { emailKey } from '@portal/identity/application';

describe('graceful shutdown and limits', () => {
  it('lets in-flight requests finish and stops the projection runners', async () => {
    const t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    // registration hashes a password with argon2id: a request that takes a while
    const inFlight = fetch(`${url}/api/createUserRegister`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.com', password: 'Str0ng!pass', country: 'BR', consent: true }),
    });
    // wait until the handler is half-way (the address is claimed, the password not yet hashed)
    const claim = `identity.email-${emailKey('late@example.com')}`;
    while ((await t.infra.store.readStream(claim)).length === 0) await new Promise((r) => setTimeout(r, 1));
    const closing = t.app.close();
    const res = await inFlight;
    expect(res.status).toBe(201);
    await closing;
    expect(t.infra.projections.status().every((s) => !s.running)).toBe(true);
    await t.db.drop();
  });

  it('answers 429 with the catalogue code past the rate limit', async () => {
    const t = await startTestApp({ RATE_LIMIT_MAX: '3' });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.request('GET', '/api/app-config')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await t.request('GET', '/api/app-config')).json()).toMatchObject({ statusCode: 429, code: '429' });
    await t.close();
  });
});
