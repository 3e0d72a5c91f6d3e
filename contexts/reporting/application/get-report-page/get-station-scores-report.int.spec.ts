import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@portal/testing/app';
import { REPORTS } from '../../contracts/index.js';
import { CALLERS, parseCsvExport, parseXlsxExport, startScoresStoryApp, tokenOf } from '../../testing/report-http.js';
import { A1, A2, COMPANY_A, COMPANY_B } from '../../testing/reports-story.js';

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

describe('GET /api/reports/station-scores and its export: who may read which company', () => {
  for (const c of CALLERS) {
    it(`${c.who}: own ${c.own}, company A ${c.a}, company B ${c.b}; rows and exported rows only of ${c.sees.length ? c.sees.map((id) => NAMES[id]).join(', ') : 'none'}`, async () => {
      const token = await c.token(t);
      const own = await get('/api/reports/station-scores?pageSize=200', token);
      const a = await get(`/api/reports/station-scores?companyId=${COMPANY_A}`, token);
      const b = await get(`/api/reports/station-scores?companyId=${COMPANY_B}`, token);
      expect([own.statusCode, a.statusCode, b.statusCode]).toEqual([c.own, c.a, c.b]);
      for (const r of [a, b].filter((r) => r.statusCode === 404)) expect(r.json()).toMatchObject({ statusCode: 404, code: '404' });
      const allowed = c.sees.map((id) => NAMES[id]).sort();
      if (c.own === 200) {
        const page = REPORTS['station-scores'].pageSchema.parse(own.json());
        expect([...new Set(page.rows.map((r) => r.company))].sort()).toEqual(allowed);
      }
      for (const format of ['csv', 'xlsx'] as const) {
        const res = await get(`/api/reports/station-scores/export?format=${format}&lang=en`, token);
        expect(res.statusCode, format).toBe(c.own);
        if (c.sees.length === 1) expect((await get(`/api/reports/station-scores/export?format=${format}&companyId=${c.sees[0] === COMPANY_A ? COMPANY_B : COMPANY_A}`, token)).statusCode).toBe(404);
        if (c.own !== 200) continue;
        const file = format === 'csv' ? parseCsvExport(res.body) : await parseXlsxExport(res.rawPayload);
        const column = file.header.indexOf('Company');
        expect([...new Set(file.rows.map((r) => r[column]))].sort(), format).toEqual(allowed);
      }
    });
  }
});

describe('the station scores report', () => {
  it('answers the score detail, answer and usability percentages, sorted and filtered on the server', async () => {
    const token = await tokenOf(t, ['auditor']);
    const page = REPORTS['station-scores'].pageSchema.parse((await get('/api/reports/station-scores?station=soy&sort=answerPercent&dir=desc&lang=pt-BR', token)).json());
    expect(page).toMatchObject({ report: 'station-scores', asOf: null, total: 4 });
    expect(page.rows[0]).toMatchObject({ userId: A1, station: 'Estação soy-pests', answerScore: 20, answerMax: 20, answerPercent: 100, usabilityScore: 8, usabilityMax: 10, usabilityPercent: 80, total: 50, othersScore: 40 });
    const bad = await get('/api/reports/station-scores?sort=password&from=yesterday', token);
    expect(bad.statusCode).toBe(400);
  });

  it('as of a past date, for a company manager: the scores as they stood then', async () => {
    const managerA = await tokenOf(t, ['company_manager'], ['manage_companies_users'], COMPANY_A);
    const then = REPORTS['station-scores'].pageSchema.parse((await get(`/api/reports/station-scores?asOf=${encodeURIComponent(beforeMove)}`, managerA)).json());
    expect(then.rows.find((r) => r.userId === A2)).toMatchObject({ answerScore: 0, answerMax: 0 });
    expect(new Set(then.rows.map((r) => r.company))).toEqual(new Set(['Agro Alfa']));
  });

  it('exports the same rows as the screen, the filters in the first rows, headers in the asked language', async () => {
    const token = await tokenOf(t, ['company_admin'], ['manage_all_companies'], COMPANY_A);
    const res = await get('/api/reports/station-scores/export?format=csv&station=soy&sort=learner&dir=asc&lang=es', token);
    const file = parseCsvExport(res.body);
    expect(file.header).toContain('Puntuación de usabilidad');
    expect(file.preamble.flat().join(' ')).toContain('soy');
    const page = REPORTS['station-scores'].pageSchema.parse((await get('/api/reports/station-scores?station=soy&sort=learner&dir=asc&lang=es', token)).json());
    expect(file.rows.length).toBe(page.total);
  });
});
