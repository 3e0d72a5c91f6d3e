import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { REPORTS, answersTrendSchema } from '../../contracts/index.js';
import { CALLERS, exportedColumn, tokenOf } from '../../testing/report-http.js';
import { A1, A2, appendSteps, B1, COMPANY_A, COMPANY_B, MOVER, STORY_AFTER_MOVE, STORY_BEFORE_MOVE } from '../../testing/reports-story.js';

let t: TestApp;
/** a time between the two parts of the story: before m1 moved from company A to B */
let beforeMove: string;

beforeAll(async () => {
  t = await startTestApp();
  await appendSteps(t.infra.store, STORY_BEFORE_MOVE);
  await new Promise((r) => setTimeout(r, 20));
  beforeMove = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  await appendSteps(t.infra.store, STORY_AFTER_MOVE);
  await t.infra.projections.catchUp();
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, token?: string) => {
  const res = await t.request('GET', url, token ? { token } : {});
  return { status: res.statusCode, json: () => res.json() };
};
const all = () => tokenOf(t, ['company_admin'], ['manage_all_companies'], COMPANY_A);

describe('GET /api/reports/answers and /api/reports/station-content-answers: who may read which company', () => {
  for (const c of CALLERS) {
    it(`${c.who}: own ${c.own}, company A ${c.a}, company B ${c.b}; rows only of ${c.sees.length ? c.sees.join(', ') : 'none'}`, async () => {
      const token = await c.token(t);
      for (const path of ['/api/reports/answers', '/api/reports/station-content-answers', '/api/reports/answers/trend']) {
        const own = await get(`${path}?pageSize=200`.replace('trend?pageSize=200', 'trend'), token);
        const a = await get(`${path}?companyId=${COMPANY_A}`, token);
        const b = await get(`${path}?companyId=${COMPANY_B}`, token);
        expect([own.status, a.status, b.status], path).toEqual([c.own, c.a, c.b]);
        for (const r of [a, b].filter((r) => r.status === 404)) expect(r.json()).toMatchObject({ statusCode: 404, code: '404' });
      }
      const picker = await get('/api/reports/companies', token);
      expect(picker.status).toBe(c.own);
      if (c.own !== 200) return;
      expect(picker.json().companies.map((x: { companyId: string }) => x.companyId).sort()).toEqual([...c.sees].sort());
      const page = REPORTS.answers.pageSchema.parse((await get('/api/reports/answers?pageSize=200', token)).json());
      const companies = new Set(page.rows.map((r) => r.company));
      const names = { [COMPANY_A]: 'Agro Alfa', [COMPANY_B]: 'Beta Coop' } as Record<string, string>;
      expect([...companies].sort()).toEqual(c.sees.map((id) => names[id]).sort());
    });
  }
});

describe('the answers report', () => {
  it('answers a page with the total, sorted and filtered on the server, titles in the asked locale', async () => {
    const token = await all();
    const res = await get('/api/reports/answers?sort=learner&dir=asc&pageSize=3&page=1&lang=pt-BR', token);
    expect(res.status).toBe(200);
    const page = REPORTS.answers.pageSchema.parse(res.json());
    expect(page).toMatchObject({ report: 'answers', asOf: null, page: 1, pageSize: 3, total: 8 });
    expect(page.rows.map((r) => r.learner)).toEqual(['Ana Alfa', 'Ana Alfa', 'Ana Alfa']);
    expect(page.rows[0]!.station).toBe('Estação soy-pests');
    const filtered = REPORTS.answers.pageSchema.parse((await get(`/api/reports/answers?station=soy&state=SP&from=2026-11-01&to=2026-11-30`, token)).json());
    expect(filtered.rows.map((r) => r.userId)).toEqual([A2, A2]);
    const tagged = REPORTS.answers.pageSchema.parse((await get(`/api/reports/answers?aclTag=dist:seeds`, token)).json());
    expect(tagged.rows.map((r) => r.userId)).toEqual([A2, A2]);
  });

  it('as of a past date: the mover counts under the company they were in then, and later answers are not there yet', async () => {
    const managerA = await tokenOf(t, ['company_manager'], ['manage_companies_users'], COMPANY_A);
    const now = REPORTS.answers.pageSchema.parse((await get('/api/reports/answers?pageSize=200', managerA)).json());
    expect(new Set(now.rows.map((r) => r.userId))).toEqual(new Set([A1, A2]));
    const then = REPORTS.answers.pageSchema.parse((await get(`/api/reports/answers?pageSize=200&asOf=${encodeURIComponent(beforeMove)}`, managerA)).json());
    expect(then.asOf).toMatchObject({ requested: beforeMove, position: expect.any(String) });
    expect(new Set(then.rows.map((r) => r.userId))).toEqual(new Set([A1, A2, MOVER]));
    expect(then.total).toBe(now.total); // m1's answer in, a2's later retry out
    const managerB = await tokenOf(t, ['company_manager'], ['manage_companies_users'], COMPANY_B);
    const bThen = REPORTS.answers.pageSchema.parse((await get(`/api/reports/answers?asOf=${encodeURIComponent(beforeMove)}`, managerB)).json());
    expect(bThen.rows.map((r) => r.userId)).toEqual([B1, B1]);
    const before = REPORTS.answers.pageSchema.parse((await get(`/api/reports/answers?asOf=2000-01-01T00:00:00Z`, managerB)).json());
    expect(before).toMatchObject({ total: 0, asOf: { position: null } });
  });

  it('carries codes in the API and writes words in the files, in the caller\'s language: where each answer was given, and whether it was right', async () => {
    const token = await all();
    const query = `companyId=${COMPANY_A}&sort=answeredAt&dir=asc`;
    const page = REPORTS.answers.pageSchema.parse((await get(`/api/reports/answers?${query}&pageSize=200`, token)).json());
    expect(page.rows.map((r) => [r.context, r.correct])).toEqual([
      ['station', false],
      ['station', true],
      ['media', true],
      ['media', false],
      ['media', true],
    ]);
    const file = (format: 'csv' | 'xlsx', lang: Locale, key: 'context' | 'correct') => exportedColumn(t, token, { report: 'answers', format, lang, query }, key);
    expect(await file('csv', 'pt-BR', 'context')).toEqual(['Estação', 'Estação', 'Conteúdo', 'Conteúdo', 'Conteúdo']);
    expect(await file('xlsx', 'es', 'context')).toEqual(['Estación', 'Estación', 'Contenido', 'Contenido', 'Contenido']);
    expect(await file('xlsx', 'en', 'correct')).toEqual(['No', 'Yes', 'Yes', 'No', 'Yes']);
    expect(await file('csv', 'es', 'correct')).toEqual(['No', 'Sí', 'Sí', 'No', 'Sí']);
  });

  it('answers per week under the same filters (the chart)', async () => {
    const trend = answersTrendSchema.parse((await get(`/api/reports/answers/trend?companyId=${COMPANY_A}`, await all())).json());
    expect(trend.weeks).toEqual([
      { startsOn: '2026-11-02', answers: 4, correct: 2 },
      { startsOn: '2026-11-16', answers: 1, correct: 1 },
    ]);
  });

  it('refuses bad filters with 400 and the field: dates, company id, sort column, direction, page size, as-of, range', async () => {
    const token = await all();
    const bad: [string, string][] = [
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['companyId=not-a-uuid', 'companyId'],
      ['sort=password', 'sort'],
      ['dir=sideways', 'dir'],
      ['pageSize=10000', 'pageSize'],
      ['page=0', 'page'],
      ['asOf=last-week', 'asOf'],
      ['from=2026-11-10&to=2026-11-01', 'to'],
      ['lang=fr', 'lang'],
    ];
    for (const [query, field] of bad) {
      const res = await get(`/api/reports/answers?${query}`, token);
      expect(res.status, `${query} ${JSON.stringify(res.json())}`).toBe(400);
      expect(res.json()).toMatchObject({ code: "app/bed-request" });
      expect(res.json().details.map((e: { path: string }) => e.path), query).toContain(field);
    }
    expect((await get(`/api/reports/station-content-answers?sort=answeredAt`, token)).status).toBe(400);
    expect((await get(`/api/reports/answers?companyId=01900000-0000-7000-8000-000000000000`, token)).status).toBe(404);
  });
});

describe('the station content answers report', () => {
  it('lists each learner\'s current answer to each media question of an entry, with attempts, first and last answer', async () => {
    const page = REPORTS['station-content-answers'].pageSchema.parse((await get('/api/reports/station-content-answers?sort=learner&dir=asc&lang=en', await all())).json());
    expect(page.rows.map(({ userId, entry, question, answer, correct, attempts, firstAnsweredAt, lastAnsweredAt }) => ({ userId, entry, question, answer, correct, attempts, firstAnsweredAt, lastAnsweredAt }))).toEqual([
      { userId: A1, entry: 'Video v1', question: 'Question qm', answer: 'Yes', correct: true, attempts: 1, firstAnsweredAt: '2026-11-03T10:00:00.000Z', lastAnsweredAt: '2026-11-03T10:00:00.000Z' },
      { userId: A2, entry: 'Video v1', question: 'Question qm', answer: 'Yes', correct: true, attempts: 2, firstAnsweredAt: '2026-11-04T09:00:00.000Z', lastAnsweredAt: '2026-11-20T09:00:00.000Z' },
    ]);
    const then = REPORTS['station-content-answers'].pageSchema.parse((await get(`/api/reports/station-content-answers?lang=en&asOf=${encodeURIComponent(beforeMove)}`, await all())).json());
    expect(then.rows.find((r) => r.userId === A2), JSON.stringify(then)).toMatchObject({ answer: 'No', correct: false, attempts: 1 });
    // whether it is right: a boolean in the API, a word in the files
    const query = `sort=learner&dir=asc&asOf=${encodeURIComponent(beforeMove)}`;
    const thenSorted = REPORTS['station-content-answers'].pageSchema.parse((await get(`/api/reports/station-content-answers?${query}`, await all())).json());
    expect(thenSorted.rows.map((r) => r.correct)).toEqual([true, false]);
    expect(await exportedColumn(t, await all(), { report: 'station-content-answers', format: 'xlsx', lang: 'pt-BR', query }, 'correct')).toEqual(['Sim', 'Não']);
    expect(await exportedColumn(t, await all(), { report: 'station-content-answers', format: 'csv', lang: 'en', query }, 'correct')).toEqual(['Yes', 'No']);
  });
});
