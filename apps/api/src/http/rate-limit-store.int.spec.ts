import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@portal/database';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { RATE_LIMIT_TABLE } from './rate-limit-store.js';

/** The global rate limit (ADR 0095): two API instances on one Postgres count one limit per client. */
describe('rate limit shared by every instance', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ RATE_LIMIT_MAX: '6', RATE_LIMIT_STORE: 'postgres', TRUST_PROXY: 'true' });
    b = await startTestApp({ RATE_LIMIT_MAX: '6', RATE_LIMIT_STORE: 'postgres', TRUST_PROXY: 'true' }, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('counts requests to both instances against one limit and answers 429 with the catalogue code past it', async () => {
    expect(a.db.kind).toBe('postgres');
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await (i % 2 === 0 ? a : b).request('GET', '/api/app-config', from('203.0.113.7'))).statusCode);
    // alone, each instance would have let 6 through (12 in all): together they let 6
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await b.request('GET', '/api/app-config', from('203.0.113.7'));
    expect(refused.json()).toMatchObject({ statusCode: 429, code: '429' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another client has its own count, on either instance
    expect((await b.request('GET', '/api/app-config', from('203.0.113.8'))).statusCode).toBe(200);
    const [row] = await query<{ hits: number }>(a.infra.database.db, `select hits from ${RATE_LIMIT_TABLE} where key = $1`, ['203.0.113.7']);
    expect(row!.hits).toBe(9);
  });

  it('never refuses a health check (a load balancer would take a healthy instance out)', async () => {
    for (let i = 0; i < 8; i++) expect((await a.request('GET', '/api/health', from('203.0.113.7'))).statusCode).toBe(200);
  });

  it('counts concurrent requests exactly once each', async () => {
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).request('GET', '/api/app-config', from('203.0.113.9')).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });
});
