import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('API shell', () => {
  it('answers unknown API routes with 404 and the errors.404 code', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await t.request(method, '/api/no-such-thing');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: '404' });
    }
  });

  it('reports database, event store and projection lag on /api/health', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(body.eventStore.ok).toBe(true);
    expect(body.projections.map((p: { name: string }) => p.name)).toContain('users');
    expect(body.projections[0].lag).toBe(0);
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const res = await t.request('GET', '/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/createUserRegister', '/api/auth/signIn', '/api/userData']));
    expect(doc.paths['/api/createUserRegister'].post.requestBody).toBeDefined();
    // security schemes, and who may call each operation
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'guestId', 'refreshCookie']);
    expect(doc.paths['/api/userData'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/user-events/set'].post.security).toEqual([{ bearer: [] }, { guestId: [] }]);
    expect(doc.paths['/api/auth/refresh'].post.security).toEqual([{ refreshCookie: [] }]);
    expect(doc.paths['/api/countries'].get.security).toContainEqual({});
    // the statuses each operation really answers, with the error body
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).sort();
    expect(statuses('/api/userData', 'get')).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    expect(statuses('/api/createUserRegister', 'post')).toEqual(['201', '400', '403', '409', '413', '415', '429', '503']); // 403: app/invalid-whitelist-email (invitation-only companies, ADR 0051)
    expect(statuses('/api/auth/signIn', 'post')).toEqual(['200', '400', '401', '409', '413', '415', '429', '503']);
    expect(statuses('/api/user-events/set', 'post')).toEqual(['204', '400', '401', '403', '409', '413', '415', '429', '503']);
    expect(doc.paths['/api/user-events/set'].post.responses['204'].content).toBeUndefined();
    expect(doc.paths['/api/userData'].get.responses['404'].content['application/json'].schema).toBeDefined();
    expect(doc.paths['/api/booking/staff/bookings.csv'].get.responses['200'].content['text/csv']).toBeDefined();
    // the picture upload takes a multipart body with a binary file
    const upload = doc.paths['/api/user-profile/picture'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    // open to any caller, yet a bearer token that fails answers 401 (issue 26 item 7)
    expect(statuses('/api/user-profile/picture', 'post')).toContain('401');
    expect(statuses('/api/user-profile/picture', 'delete')).toContain('401');
    expect(doc.paths['/api/user-profile/picture'].post.responses['401'].description).toMatch(/invalid-user-token, id-token-expired/);
    // the support inbox says who reads it: the auditor too (issue 26 item 7)
    expect(doc.paths['/api/support/messages'].get.summary).toMatch(/auditor/);
    const page = await t.request('GET', '/api/docs');
    expect(page.body).toContain('swagger-ui');
  });

  it('sets security headers and echoes request and correlation ids', async () => {
    const res = await t.request('GET', '/api/health', { headers: { 'x-correlation-id': 'corr-123' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-correlation-id']).toBe('corr-123');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('puts the correlation id of the request into the event metadata', async () => {
    const res = await t.request('POST', '/api/createUserRegister', {
      body: { email: 'corr@example.com', password: 'Str0ng!pass', country: 'MX', consent: true },
      headers: { 'x-correlation-id': 'corr-register-1', 'x-client-time': '2026-11-21T09:00:00.000-03:00' },
    });
    expect(res.statusCode).toBe(201);
    const events = await t.infra.store.readStream(`identity.user-${res.json().userId}`);
    expect(events[0]!.metadata.correlationId).toBe('corr-register-1');
    expect(events[0]!.metadata.clientTime).toBe('2026-11-21T09:00:00.000-03:00');
  });
});
