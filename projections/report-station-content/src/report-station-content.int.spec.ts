import { describe, expect, it } from 'vitest';
import { reportPage, type ReportFilterValues, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { A1, A2, B1, COMPANY_A, COMPANY_B } from '../../../contexts/reporting/testing/reports-story.js';
import { appendContentStory } from '../../../contexts/reporting/testing/content-story.js';
import { stationContentReportQuery } from './queries.js';
import { reportStationContentProjection } from './report-station-content.projection.js';

const report = useReportProjection(reportStationContentProjection, appendContentStory);

const read = (over: Partial<ReportRead> & { filters?: ReportFilterValues } = {}): ReportRead => ({
  at: null,
  lang: 'en',
  scopeCompanyId: null,
  filters: {},
  sort: { column: 'lastActivityAt', direction: 'asc' },
  ...over,
});
const page = (r: ReportRead, schema = report.schema) => reportPage(report.database.db, schema, stationContentReportQuery, r, { page: 1, pageSize: 200 });
/** `userId entry views/plays/completions company` */
const brief = async (r: ReportRead) => (await page(r)).rows.map((row) => `${row.userId} ${row.entryId} ${row.views}/${row.plays}/${row.completions} ${row.company}`);

describe('station content report projection', () => {
  it('lists per learner and entry the views, view type, first and last view, plays and completions; guests are not listed', async () => {
    const { rows, total } = await page(read());
    expect(total).toBe(3);
    expect(rows[0]).toEqual({
      userId: A1,
      learner: 'Ana Alfa',
      email: `${A1}@example.com`,
      company: 'Agro Alfa',
      station: 'Station soy-pests',
      entryId: 'v1',
      entry: 'Video v1',
      viewType: 'video',
      views: 2,
      firstViewedAt: '2026-11-02T09:05:00.000Z',
      lastViewedAt: '2026-11-03T09:01:00.000Z',
      plays: 2,
      completions: 1,
      lastActivityAt: '2026-11-03T09:02:00.000Z',
    });
    expect(await brief(read())).toEqual([`${A1} v1 2/2/1 Agro Alfa`, `${B1} v1 1/1/0 Beta Coop`, `${A2} c1 2/1/1 Agro Alfa`]);
    const pt = (await page(read({ lang: 'pt-BR' }))).rows[0]!;
    expect([pt.station, pt.entry]).toEqual(['Estação soy-pests', 'Vídeo v1']);
  });

  it('keeps a company manager to their company and filters by date range, place, crop or station, ACL tag, user type and group', async () => {
    const users = async (r: Partial<ReportRead> & { filters?: ReportFilterValues }) => (await page(read(r))).rows.map((row) => row.userId);
    expect(await users({ scopeCompanyId: COMPANY_A })).toEqual([A1, A2]);
    expect(await users({ scopeCompanyId: COMPANY_B })).toEqual([B1]);
    expect(await users({ scopeCompanyId: COMPANY_A, filters: { companyId: COMPANY_B } })).toEqual([]);
    // the date range reads the last activity
    expect(await users({ filters: { from: '2026-11-03', to: '2026-11-05' } })).toEqual([A1, B1]);
    expect(await users({ filters: { station: 'soy' } })).toEqual([A1, B1]);
    expect(await users({ filters: { station: 'corn' } })).toEqual([A2]);
    expect(await users({ filters: { state: 'SP', userType: 'Distributor', aclTag: 'dist:seeds' } })).toEqual([A2]);
    expect(await users({ filters: { group: 'g1' } })).toEqual([A1]);
  });

  it('sorts by a whitelisted column', async () => {
    expect((await page(read({ sort: { column: 'views', direction: 'desc' } }))).rows.map((r) => r.views)).toEqual([2, 2, 1]);
    await expect(page(read({ sort: { column: 'views; drop table x', direction: 'asc' } }))).rejects.toThrow(/sortable/);
  });

  it('as of the move, shows the counts of then', async () => {
    expect(await brief(read({ at: report.cuts.beforeMove.position }))).toEqual([`${A1} v1 2/2/1 Agro Alfa`, `${A2} c1 1/0/0 Agro Alfa`, `${B1} v1 1/1/0 Beta Coop`]);
  });

  it('an event arriving twice changes nothing; folded one event per batch or rebuilt, the tables are the same', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position of the log, the report equals a fresh rebuild of only the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild(async (schema, at) => (await page(read({ at }), schema)).rows);
  });
});
