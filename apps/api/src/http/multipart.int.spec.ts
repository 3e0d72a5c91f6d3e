import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@portal/testing/app';
import type { z } from 'zod';
import { registeredRoutes, type AccessClaims } from '@portal/platform';

// Item 2 of issue 26: a multipart body that is not what its content type says (no boundary, a
// body without it, a part cut short) answered 500 from the parser's errors on every upload route.

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  const claims: Omit<AccessClaims, 'sub' | 'email' | 'roles'> = { permissions: ['manage_all_companies'], aclTags: ['dist:all'], companyId: null, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true, sid: 'multipart-test' };
  adminToken = await t.infra.tokens.issue({ ...claims, sub: randomUUID(), email: 'admin@multipart.test', roles: ['tc_admin'] });
});
afterAll(async () => {
  await t?.close();
});

/** Every route whose contract takes a multipart body, with its path parameters filled in. */
const uploadRoutes = () =>
  registeredRoutes()
    .filter(({ route }) => route.form)
    .map(({ route }) => ({
      method: route.method,
      url: `/api${route.path.replace(/:[A-Za-z]+/g, randomUUID())}`,
      field: Object.keys((route.form as z.ZodObject).shape)[0]!,
    }));

const part = (boundary: string, field: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`;

/** A case: its name, the content type and the body for the route's file field. */
const MALFORMED: [string, string, (field: string) => string][] = [
  ['no boundary', 'multipart/form-data', () => 'E-mail\r\na@b.test\r\n'],
  ['no boundary, empty body', 'multipart/form-data', () => ''],
  ['an empty boundary', 'multipart/form-data; boundary=', () => 'E-mail\r\n'],
  ['a boundary longer than busboy takes', `multipart/form-data; boundary=${'b'.repeat(300)}`, () => `--${'b'.repeat(300)}\r\n`],
  ['a body that is not multipart', 'multipart/form-data; boundary=xyz', () => 'E-mail\r\na@b.test\r\n'],
  ['a part cut short (no closing boundary)', 'multipart/form-data; boundary=xyz', (field) => `${part('xyz', field)}E-mail\r\na@b.test`],
];

describe('malformed multipart bodies on every upload route', () => {
  it('finds the upload routes (profile picture, user import, event import, attendee import, materials, SCORM zip)', () => {
    expect(uploadRoutes().map((r) => r.url.replace(/[0-9a-f-]{36}/, ':id')).sort()).toEqual([
      '/api/manage-users/import',
      '/api/manager/scorm-packages',
      '/api/scheduledEvents/import',
      '/api/scheduledEvents/import-users',
      '/api/scheduledEvents/materials/:id',
      '/api/user-profile/picture',
    ]);
  });

  it.each(MALFORMED)('answers 400 app/bed-request for %s, never 500', async (_case, contentType, body) => {
    for (const { method, url, field } of uploadRoutes()) {
      const res = await t.request(method, url, { token: adminToken, body: Buffer.from(body(field)), headers: { 'content-type': contentType } });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 400, code: 'app/bed-request' });
      expect(res.json().details).toEqual([{ path: '', code: 'invalid_multipart', message: expect.any(String) }]);
    }
  });

  it('still reads a well-formed upload (the route answers its own refusal, not a parse error)', async () => {
    const body = Buffer.from(`${part('xyz', 'file')}not an image\r\n--xyz--\r\n`);
    const res = await t.request('POST', '/api/user-profile/picture', { token: adminToken, body, headers: { 'content-type': 'multipart/form-data; boundary=xyz' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details?.[0]).toMatchObject({ path: 'file', message: 'fileImage' });
  });
});
