import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { reportingEvents, reportExportsStream, REPORTS } from '../../contracts/index.js';
import { CALLERS, parseCsvExport, parseXlsxExport, tokenOf } from '../../testing/report-http.js';
import { appendReportsStory, COMPANY_A, COMPANY_B } from '../../testing/reports-story.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await appendReportsStory(t.infra.store);
  await t.infra.projections.catchUp();
});
afterAll(async () => {
  await t?.close();
});

const NAMES: Record<string, string> = { [COMPANY_A]: 'Agro Alfa', [COMPANY_B]: 'Beta Coop' };
const download = async (url: string, token?: string) => {
  const res = await t.request('GET', url, token ? { token } : {});
  return res;
};
/** The company column's values of an exported file (CSV or XLSX, parsed back). */
const companiesIn = async (format: 'csv' | 'xlsx', res: Awaited<ReturnType<typeof download>>, header = 'Company') => {
  const file = format === 'csv' ? parseCsvExport(res.body) : await parseXlsxExport(res.rawPayload);
  const column = file.header.indexOf(header);
  return { file, companies: [...new Set(file.rows.map((r) => r[column]))].sort() };
};

describe('GET /api/reports/<report>/export: who may export which company, in CSV and XLSX', () => {
  for (const c of CALLERS) {
    it(`${c.who}: ${c.own}; rows only of ${c.sees.length ? c.sees.map((id) => NAMES[id]).join(', ') : 'none'}`, async () => {
      const token = await c.token(t);
      for (const report of ['answers', 'station-content-answers'] as const) {
        for (const format of ['csv', 'xlsx'] as const) {
          const res = await download(`/api/reports/${report}/export?format=${format}&lang=en`, token);
          expect(res.statusCode, `${report} ${format}`).toBe(c.own);
          const other = await download(`/api/reports/${report}/export?format=${format}&companyId=${c.sees.length === 1 && c.sees[0] === COMPANY_A ? COMPANY_B : COMPANY_A}`, token);
          if (c.sees.length === 1) expect(other.statusCode).toBe(404);
          if (c.own !== 200) continue;
          expect(res.headers['content-type']).toContain(format === 'csv' ? 'text/csv' : 'spreadsheetml');
          expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="${report}-.*\\.${format}"`));
          const { companies } = await companiesIn(format, res);
          const allowed = c.sees.map((id) => NAMES[id]).sort();
          // every answer's company is one the caller may see; the story's media answers are all of company A
          if (report === 'answers') expect(companies, `${report} ${format}`).toEqual(allowed);
          else expect(companies, `${report} ${format}`).toEqual(allowed.filter((name) => name === 'Agro Alfa'));
        }
      }
    });
  }
});

describe('an exported file', () => {
  it('writes the filters in its first rows, headers in the caller language, the same rows as the screen, and is recorded as ReportExported', async () => {
    const userId = '01900000-0000-7000-8000-0000000e0001';
    const token = await tokenOf(t, ['company_admin'], ['manage_all_companies'], COMPANY_A, userId);
    const query = `station=soy&companyId=${COMPANY_A}&from=2026-11-01&to=2026-11-30&sort=learner&dir=asc&lang=pt-BR`;
    const csv = await download(`/api/reports/answers/export?format=csv&${query}`, token);
    expect(csv.statusCode).toBe(200);
    const file = parseCsvExport(csv.body);
    expect(file.preamble).toEqual(
      expect.arrayContaining([
        ['Relatório', 'Relatório de respostas'],
        ['Como estava em', 'agora'],
        // a company and a station by name, the id beside it
        ['Cultura/estação', 'Estação soy (soy)'],
        ['Empresa', `Agro Alfa (${COMPANY_A})`],
        ['De', '2026-11-01'],
        ['Até', '2026-11-30'],
        // the sort column by its header and the direction in words, as the reader sees them on screen
        ['Ordenar por', 'Usuário'],
        ['Direção', 'crescente'],
      ]),
    );
    expect(file.header).toEqual(REPORTS.answers.columns.map((c) => c.header['pt-BR']));
    const page = (await t.request('GET', `/api/reports/answers?${query}&pageSize=200`, { token })).json();
    expect(file.rows.map((r) => r[0])).toEqual(page.rows.map((r: { learner: string }) => r.learner));
    expect(file.rows[0]![file.header.indexOf('Correta')]).toMatch(/^(Sim|Não)$/);

    const xlsx = await download(`/api/reports/answers/export?format=xlsx&${query}`, token);
    const sheet = await parseXlsxExport(xlsx.rawPayload);
    expect(sheet.header).toEqual(file.header);
    expect(sheet.rows.length).toBe(file.rows.length);

    // recorded once the file was written (the append follows the last byte)
    await expect.poll(async () => (await t.infra.store.readStream(reportExportsStream(userId))).length).toBe(2);
    const events = (await t.infra.store.readStream(reportExportsStream(userId))).map((e) => reportingEvents.parseRecorded(e));
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ report: 'answers', format: 'csv', rows: file.rows.length, complete: true, by: userId, scopeCompanyId: null, asOf: null, filters: expect.objectContaining({ station: 'soy', from: '2026-11-01' }) }),
      expect.objectContaining({ report: 'answers', format: 'xlsx', rows: file.rows.length, complete: true }),
    ]);
  });

  it('writes the filters in the reader\'s language, and a typed filter that starts like a formula as text', async () => {
    const token = await tokenOf(t, ['auditor']);
    const file = parseCsvExport((await download(`/api/reports/station-content-answers/export?format=csv&lang=es&sort=lastAnsweredAt&dir=desc&group=${encodeURIComponent('=1+1')}`, token)).body);
    expect(file.preamble).toEqual(expect.arrayContaining([['Ordenar por', 'Última respuesta'], ['Dirección', 'descendente'], ['Grupo', "'=1+1"]]));
    // an id the report does not know stays as it was typed
    const unknown = parseCsvExport((await download('/api/reports/stations/export?format=csv&lang=es&station=nowhere', token)).body);
    expect(unknown.preamble).toEqual(expect.arrayContaining([['Cultivo/estación', 'nowhere']]));
  });

  it('answers 400 for a bad format or filter and 404 for an unknown report', async () => {
    const token = await tokenOf(t, ['auditor']);
    expect((await download('/api/reports/answers/export?format=pdf', token)).statusCode).toBe(400);
    expect((await download('/api/reports/answers/export', token)).statusCode).toBe(400);
    expect((await download('/api/reports/answers/export?format=csv&from=tomorrow', token)).statusCode).toBe(400);
    expect((await download('/api/reports/passwords/export?format=csv', token)).statusCode).toBe(404);
  });
});
