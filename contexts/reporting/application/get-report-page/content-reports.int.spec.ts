/**
 * HTTP specs of the station content, stations and podcast downloads reports (ADR 0070): each
 * endpoint and its CSV/XLSX export by role and company scope, a page sorted and filtered on the
 * server, and "as of" a past date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { REPORTS } from '../../contracts/index.js';
import { CALLERS, exportedColumn, parseCsvExport, parseXlsxExport, tokenOf } from '../../testing/report-http.js';
import { A1, A2, appendSteps, B1, COMPANY_A, COMPANY_B, MOVER } from '../../testing/reports-story.js';
import { CONTENT_AFTER_MOVE, CONTENT_BEFORE_MOVE } from '../../testing/content-story.js';

let t: TestApp;
/** a time between the two parts of the story: before m1 moved from company A to B */
let beforeMove: string;

beforeAll(async () => {
  t = await startTestApp();
  await appendSteps(t.infra.store, CONTENT_BEFORE_MOVE);
  await new Promise((r) => setTimeout(r, 20));
  beforeMove = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  await appendSteps(t.infra.store, CONTENT_AFTER_MOVE);
  await t.infra.projections.catchUp();
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, token?: string) => {
  const res = await t.request('GET', url, token ? { token } : {});
  return { status: res.statusCode, json: () => res.json(), body: res.body, raw: res.rawPayload, headers: res.headers };
};
const all = () => tokenOf(t, ['company_admin'], ['manage_all_companies'], COMPANY_A);
const NAMES: Record<string, string> = { [COMPANY_A]: 'Agro Alfa', [COMPANY_B]: 'Beta Coop' };
const REPORT_NAMES = ['station-content', 'stations', 'podcast-downloads'] as const;
/** every report of the story has rows of both companies */
const STORY_COMPANIES = ['Agro Alfa', 'Beta Coop'];

describe('GET /api/reports/{station-content,stations,podcast-downloads} and their exports: who may read which company', () => {
  for (const c of CALLERS) {
    it(`${c.who}: own ${c.own}, company A ${c.a}, company B ${c.b}; rows only of ${c.sees.length ? c.sees.map((id) => NAMES[id]).join(', ') : 'none'}`, async () => {
      const token = await c.token(t);
      const allowed = c.sees.map((id) => NAMES[id]!).sort();
      for (const report of REPORT_NAMES) {
        const path = `/api/reports/${report}`;
        const own = await get(`${path}?pageSize=200&lang=en`, token);
        const a = await get(`${path}?companyId=${COMPANY_A}`, token);
        const b = await get(`${path}?companyId=${COMPANY_B}`, token);
        expect([own.status, a.status, b.status], path).toEqual([c.own, c.a, c.b]);
        for (const r of [a, b].filter((r) => r.status === 404)) expect(r.json()).toMatchObject({ statusCode: 404, code: '404' });
        for (const format of ['csv', 'xlsx'] as const) {
          const file = await get(`${path}/export?format=${format}&lang=en`, token);
          expect(file.status, `${report} ${format}`).toBe(c.own);
          const other = await get(`${path}/export?format=${format}&companyId=${c.sees[0] === COMPANY_A ? COMPANY_B : COMPANY_A}`, token);
          if (c.sees.length === 1) expect(other.status, `${report} ${format} of another company`).toBe(404);
          if (c.own !== 200) continue;
          const parsed = format === 'csv' ? parseCsvExport(file.body) : await parseXlsxExport(file.raw);
          expect(parsed.header).toEqual(REPORTS[report].columns.map((col) => col.header.en));
          const column = parsed.header.indexOf('Company');
          expect([...new Set(parsed.rows.map((r) => r[column]))].sort(), `${report} ${format}`).toEqual(STORY_COMPANIES.filter((n) => allowed.includes(n)));
        }
        if (c.own !== 200) continue;
        const rows = (own.json() as { rows: { company: string | null }[] }).rows;
        expect([...new Set(rows.map((r) => r.company))].sort(), report).toEqual(STORY_COMPANIES.filter((n) => allowed.includes(n)));
      }
    });
  }
});

describe('the station content report', () => {
  it('answers a page per learner and entry, sorted and filtered on the server, titles in the asked locale, guests left out', async () => {
    const token = await all();
    const page = REPORTS['station-content'].pageSchema.parse((await get('/api/reports/station-content?sort=views&dir=desc&lang=pt-BR', token)).json());
    expect(page).toMatchObject({ report: 'station-content', total: 3 });
    expect(page.rows[0]).toMatchObject({ userId: A1, entry: 'Vídeo v1', station: 'Estação soy-pests', viewType: 'video', views: 2, plays: 2, completions: 1 });
    // the entry's type: a code in the API, a word in the files
    const sorted = REPORTS['station-content'].pageSchema.parse((await get('/api/reports/station-content?sort=learner&dir=asc', token)).json());
    expect(sorted.rows.map((r) => r.viewType)).toEqual(['video', 'video', 'video']);
    expect(await exportedColumn(t, token, { report: 'station-content', format: 'csv', lang: 'pt-BR', query: 'sort=learner&dir=asc' }, 'viewType')).toEqual(['Vídeo', 'Vídeo', 'Vídeo']);
    expect(await exportedColumn(t, token, { report: 'station-content', format: 'xlsx', lang: 'en', query: 'sort=learner&dir=asc' }, 'viewType')).toEqual(['Video', 'Video', 'Video']);
    const corn = REPORTS['station-content'].pageSchema.parse((await get('/api/reports/station-content?station=corn&from=2026-11-15', token)).json());
    expect(corn.rows.map((r) => [r.userId, r.views, r.plays, r.completions])).toEqual([[A2, 2, 1, 1]]);
    expect((await get('/api/reports/station-content?sort=secret', token)).status).toBe(400);
  });

  it('as of a past date shows the counts of then', async () => {
    const token = await all();
    const then = REPORTS['station-content'].pageSchema.parse((await get(`/api/reports/station-content?station=corn&asOf=${encodeURIComponent(beforeMove)}`, token)).json());
    expect(then.rows.map((r) => [r.userId, r.views, r.plays, r.completions])).toEqual([[A2, 1, 0, 0]]);
  });
});

describe('the stations report', () => {
  it('answers visits per learner and station; as of a past date the mover counts under company A', async () => {
    const managerA = await tokenOf(t, ['company_manager'], ['manage_companies_users'], COMPANY_A);
    const now = REPORTS.stations.pageSchema.parse((await get('/api/reports/stations?sort=learner&dir=asc&lang=en', managerA)).json());
    expect(now.rows.map((r) => `${r.userId} ${r.station} ${r.views} ${r.lastViewType}`)).toEqual([`${A1} Station soy-pests 2 detail`, `${A2} Station corn 1 map`]);
    // where the last visit came from: a code in the API, a word in the files
    expect(await exportedColumn(t, managerA, { report: 'stations', format: 'xlsx', lang: 'es', query: 'sort=learner&dir=asc' }, 'lastViewType')).toEqual(['Página de la estación', 'Mapa']);
    expect(await exportedColumn(t, managerA, { report: 'stations', format: 'csv', lang: 'en', query: 'sort=learner&dir=asc' }, 'lastViewType')).toEqual(['Station page', 'Map']);
    const then = REPORTS.stations.pageSchema.parse((await get(`/api/reports/stations?sort=learner&dir=asc&asOf=${encodeURIComponent(beforeMove)}`, managerA)).json());
    expect(then.rows.map((r) => r.userId)).toEqual([A1, A2, MOVER]);
    const b = REPORTS.stations.pageSchema.parse((await get('/api/reports/stations?sort=learner&dir=asc', await tokenOf(t, ['company_manager'], ['manage_companies_users'], COMPANY_B))).json());
    expect(b.rows.map((r) => r.userId)).toEqual([B1, MOVER]);
  });
});

describe('the podcast downloads report', () => {
  it('answers episode, learner and date; the episode title as it stood as of a past date', async () => {
    const token = await all();
    const now = REPORTS['podcast-downloads'].pageSchema.parse((await get('/api/reports/podcast-downloads?sort=downloadedAt&dir=asc&lang=en', token)).json());
    expect(now.rows.map((r) => `${r.userId} ${r.episode} ${r.downloadedAt}`)).toEqual([
      `${A1} Episode ep1 (remastered) 2026-11-02T12:00:00.000Z`,
      `${A2} Episode ep2 2026-11-04T12:00:00.000Z`,
      `${MOVER} Episode ep1 (remastered) 2026-11-06T12:00:00.000Z`,
      `${A1} Episode ep2 2026-11-21T12:00:00.000Z`,
    ]);
    // the file's language: a locale code in the API, its name in the reader's language in the files
    expect(now.rows.map((r) => r.language)).toEqual(['pt-BR', 'es', 'en', 'pt-BR']);
    expect(await exportedColumn(t, token, { report: 'podcast-downloads', format: 'csv', lang: 'pt-BR', query: 'sort=downloadedAt&dir=asc' }, 'language')).toEqual(['Português', 'Espanhol', 'Inglês', 'Português']);
    expect(await exportedColumn(t, token, { report: 'podcast-downloads', format: 'xlsx', lang: 'es', query: 'sort=downloadedAt&dir=asc' }, 'language')).toEqual(['Portugués', 'Español', 'Inglés', 'Portugués']);
    const then = REPORTS['podcast-downloads'].pageSchema.parse((await get(`/api/reports/podcast-downloads?sort=downloadedAt&dir=asc&lang=en&asOf=${encodeURIComponent(beforeMove)}`, token)).json());
    expect(then.rows.map((r) => `${r.episode} ${r.company}`)).toEqual(['Episode ep1 Agro Alfa', 'Episode ep2 Agro Alfa', 'Episode ep1 Agro Alfa']);
    expect((await get('/api/reports/podcast-downloads?from=2026-13-01', token)).status).toBe(400);
  });
});
