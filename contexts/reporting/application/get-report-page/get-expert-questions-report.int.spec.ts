import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { REPORTS } from '../../contracts/index.js';
import { CALLERS, exportedColumn, parseCsvExport, parseXlsxExport, tokenOf } from '../../testing/report-http.js';
import { appendSteps, COMPANY_A, COMPANY_B, STORY_AFTER_MOVE, STORY_BEFORE_MOVE } from '../../testing/reports-story.js';
import { QUESTIONS_AFTER_MOVE, QUESTIONS_BEFORE_MOVE } from '../../testing/expert-questions-story.js';

let t: TestApp;
let beforeMove: string;

beforeAll(async () => {
  t = await startTestApp();
  await appendSteps(t.infra.store, [...STORY_BEFORE_MOVE, ...QUESTIONS_BEFORE_MOVE]);
  await new Promise((r) => setTimeout(r, 20));
  beforeMove = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  await appendSteps(t.infra.store, [...STORY_AFTER_MOVE, ...QUESTIONS_AFTER_MOVE]);
  await t.infra.projections.catchUp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.request('GET', url, token ? { token } : {});
const NAMES: Record<string, string> = { [COMPANY_A]: 'Agro Alfa', [COMPANY_B]: 'Beta Coop' };

describe('GET /api/reports/expert-questions and its exports: who may read which company', () => {
  for (const c of CALLERS) {
    it(`${c.who}: own ${c.own}, company A ${c.a}, company B ${c.b}; rows only of ${c.sees.map((id) => NAMES[id]).join(', ') || 'none'}, in the page, the CSV and the XLSX`, async () => {
      const token = await c.token(t);
      const own = await get('/api/reports/expert-questions?pageSize=200&lang=en', token);
      expect([own.statusCode, (await get(`/api/reports/expert-questions?companyId=${COMPANY_A}`, token)).statusCode, (await get(`/api/reports/expert-questions?companyId=${COMPANY_B}`, token)).statusCode]).toEqual([c.own, c.a, c.b]);
      const allowed = c.sees.map((id) => NAMES[id]).sort();
      for (const format of ['csv', 'xlsx'] as const) {
        const file = await get(`/api/reports/expert-questions/export?format=${format}&lang=en`, token);
        expect(file.statusCode, format).toBe(c.own);
        if (c.own !== 200) continue;
        const parsed = format === 'csv' ? parseCsvExport(file.body) : await parseXlsxExport(file.rawPayload);
        expect(parsed.header).toEqual(REPORTS['expert-questions'].columns.map((col) => col.header.en));
        const company = parsed.header.indexOf('Company');
        expect([...new Set(parsed.rows.map((r) => r[company]))].sort(), format).toEqual(allowed);
      }
      if (c.own !== 200) return;
      expect([...new Set(REPORTS['expert-questions'].pageSchema.parse(own.json()).rows.map((r) => r.company))].sort()).toEqual(allowed);
    });
  }
});

describe('the ask the expert report', () => {
  it('answers each question with theme, sub-theme, phone, title, question, response, who answered and when; as it stood at a past date', async () => {
    const token = await tokenOf(t, ['company_admin'], ['manage_all_companies'], COMPANY_A);
    const page = REPORTS['expert-questions'].pageSchema.parse((await get('/api/reports/expert-questions?sort=askedAt&dir=asc&lang=pt-BR', token)).json());
    expect(page).toMatchObject({ report: 'expert-questions', total: 3 });
    expect(page.rows[0]).toMatchObject({ theme: 'Pragas', subTheme: 'Lagartas', phone: '+5511999990000', title: 'Caterpillars on soy', response: 'Use a biological control', answeredBy: 'Dr. Eva', answeredAt: '2026-11-21T10:00:00.000Z', status: 'answered' });
    const then = REPORTS['expert-questions'].pageSchema.parse((await get(`/api/reports/expert-questions?sort=askedAt&dir=asc&lang=en&asOf=${encodeURIComponent(beforeMove)}`, token)).json());
    expect(then.rows.map((r) => [r.questionId, r.status, r.company, r.theme])).toEqual([
      ['eq-a1', 'claimed', 'Agro Alfa', 'Pests'],
      ['eq-b1', 'answered', 'Beta Coop', 'Soil'],
      ['eq-m1', 'open', 'Agro Alfa', 'Soil'],
    ]);
    // the API carries the status code; the files write its label in the caller's language, as the screen does
    const statuses = (format: 'csv' | 'xlsx', lang: Locale) => exportedColumn(t, token, { report: 'expert-questions', format, lang, query: 'sort=askedAt&dir=asc' }, 'status');
    expect(await statuses('csv', 'pt-BR')).toEqual(['Respondida', 'Respondida', 'Retirada']);
    expect(await statuses('xlsx', 'es')).toEqual(['Respondida', 'Respondida', 'Retirada']);
    expect(await statuses('csv', 'en')).toEqual(['Answered', 'Answered', 'Withdrawn']);
    const bad = await get('/api/reports/expert-questions?sort=question', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((e: { path: string }) => e.path)).toContain('sort');
  });
});
