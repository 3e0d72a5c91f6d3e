import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@portal/testing/app';
import { REPORTS } from '../../contracts/index.js';
import { CALLERS, parseCsvExport, parseXlsxExport, startScoresStoryApp, tokenOf } from '../../testing/report-http.js';
import { COMPANY_A, COMPANY_B } from '../../testing/reports-story.js';

let t: TestApp;
let beforeMove: string;

beforeAll(async () => {
  ({ app: t, beforeMove } = await startScoresStoryApp());
});
afterAll(async () => {
  await t?.close();
});

const NAMES: Record<string, string> = { [COMPANY_A]: 'Agro Alfa', [COMPANY_B]: 'Beta Coop' };
const get = (url: string, token?: string) => t.request('GET', url, token ? { token } : {});

describe("GET /api/reports/companies-report and its export: who may read which company's row", () => {
  for (const c of CALLERS) {
    it(`${c.who}: own ${c.own}, company A ${c.a}, company B ${c.b}; rows and exported rows only of ${c.sees.length ? c.sees.map((id) => NAMES[id]).join(', ') : 'none'}`, async () => {
      const token = await c.token(t);
      const own = await get('/api/reports/companies-report', token);
      const a = await get(`/api/reports/companies-report?companyId=${COMPANY_A}`, token);
      const b = await get(`/api/reports/companies-report?companyId=${COMPANY_B}`, token);
      expect([own.statusCode, a.statusCode, b.statusCode]).toEqual([c.own, c.a, c.b]);
      const allowed = c.sees.map((id) => NAMES[id]).sort();
      if (c.own === 200) expect(REPORTS['companies-report'].pageSchema.parse(own.json()).rows.map((r) => r.company).sort()).toEqual(allowed);
      for (const format of ['csv', 'xlsx'] as const) {
        const res = await get(`/api/reports/companies-report/export?format=${format}&lang=en`, token);
        expect(res.statusCode, format).toBe(c.own);
        if (c.sees.length === 1) expect((await get(`/api/reports/companies-report/export?format=${format}&companyId=${c.sees[0] === COMPANY_A ? COMPANY_B : COMPANY_A}`, token)).statusCode).toBe(404);
        if (c.own !== 200) continue;
        const file = format === 'csv' ? parseCsvExport(res.body) : await parseXlsxExport(res.rawPayload);
        const column = file.header.indexOf('Company');
        expect(file.rows.map((r) => r[column]).sort(), format).toEqual(allowed);
      }
    });
  }
});

describe('the companies report', () => {
  it("answers each company's fields and counts; as of a past date the mover still counts in company A", async () => {
    const token = await tokenOf(t, ['auditor']);
    const page = REPORTS['companies-report'].pageSchema.parse((await get('/api/reports/companies-report?sort=company&dir=asc', token)).json());
    expect(page.rows.map((r) => [r.company, r.businessCode, r.users, r.completions])).toEqual([
      ['Agro Alfa', 'aa01', 2, 2],
      ['Beta Coop', 'bb02', 2, 1],
    ]);
    expect(page.rows[0]).toMatchObject({ contactName: 'Ana Contato', domains: 'alfa.example, agroalfa.example' });
    const then = REPORTS['companies-report'].pageSchema.parse((await get(`/api/reports/companies-report?sort=company&dir=asc&asOf=${encodeURIComponent(beforeMove)}`, token)).json());
    expect(then.rows.map((r) => [r.company, r.users, r.completions, r.activeUsers])).toEqual([
      ['Agro Alfa', 3, 0, 0],
      ['Beta Coop', 1, 0, 0],
    ]);
    expect((await get('/api/reports/companies-report?sort=phone', token)).statusCode).toBe(400);
  });
});
