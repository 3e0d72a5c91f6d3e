import { describe, expect, it } from 'vitest';
import { reportPage, type ReportFilterValues, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { A1, A2, B1, COMPANY_A, COMPANY_B, MOVER } from '../../../contexts/reporting/testing/reports-story.js';
import { appendContentStory } from '../../../contexts/reporting/testing/content-story.js';
import { stationsReportQuery } from './queries.js';
import { reportStationsProjection } from './report-stations.projection.js';

const report = useReportProjection(reportStationsProjection, appendContentStory);

const read = (over: Partial<ReportRead> & { filters?: ReportFilterValues } = {}): ReportRead => ({
  at: null,
  lang: 'en',
  scopeCompanyId: null,
  filters: {},
  sort: { column: 'lastViewedAt', direction: 'asc' },
  ...over,
});
const page = (r: ReportRead, schema = report.schema) => reportPage(report.database.db, schema, stationsReportQuery, r, { page: 1, pageSize: 200 });
/** `userId station views lastViewType company` */
const brief = async (r: ReportRead) => (await page(r)).rows.map((row) => `${row.userId} ${row.stationId} ${row.views} ${row.lastViewType} ${row.company}`);

describe('stations report projection', () => {
  it('lists per learner and station the visits, the last view type, first and last visit; guests are not listed', async () => {
    const { rows, total } = await page(read());
    expect(total).toBe(4);
    expect(rows[0]).toEqual({
      userId: A1,
      learner: 'Ana Alfa',
      email: `${A1}@example.com`,
      company: 'Agro Alfa',
      stationId: 'soy-pests',
      station: 'Station soy-pests',
      views: 2,
      lastViewType: 'detail',
      firstViewedAt: '2026-11-02T09:00:00.000Z',
      lastViewedAt: '2026-11-03T09:00:00.000Z',
    });
    // the mover's visit counts under the company they are in now
    expect(await brief(read())).toEqual([`${A1} soy-pests 2 detail Agro Alfa`, `${A2} corn 1 map Agro Alfa`, `${B1} soy-pests 1 detail Beta Coop`, `${MOVER} soy 1 map Beta Coop`]);
    expect((await page(read({ lang: 'pt-BR' }))).rows[0]!.station).toBe('Estação soy-pests');
  });

  it('keeps a company manager to their company and filters by date range, place, crop or station, ACL tag, user type and group', async () => {
    const users = async (r: Partial<ReportRead> & { filters?: ReportFilterValues }) => (await page(read(r))).rows.map((row) => row.userId);
    expect(await users({ scopeCompanyId: COMPANY_A })).toEqual([A1, A2]);
    expect(await users({ scopeCompanyId: COMPANY_B })).toEqual([B1, MOVER]);
    expect(await users({ scopeCompanyId: COMPANY_B, filters: { companyId: COMPANY_A } })).toEqual([]);
    expect(await users({ filters: { from: '2026-11-04', to: '2026-11-05' } })).toEqual([A2, B1]);
    // a crop holds its own visits and its child stations'
    expect(await users({ filters: { station: 'soy' } })).toEqual([A1, B1, MOVER]);
    expect(await users({ filters: { country: 'BR', state: 'SP', userType: 'Distributor', aclTag: 'dist:seeds' } })).toEqual([A2]);
    expect(await users({ filters: { group: 'g1' } })).toEqual([A1]);
  });

  it('sorts by a whitelisted column', async () => {
    expect((await page(read({ sort: { column: 'views', direction: 'desc' } }))).rows[0]!.userId).toBe(A1);
    await expect(page(read({ sort: { column: 'nope', direction: 'asc' } }))).rejects.toThrow(/sortable/);
  });

  it('as of the move, the mover counts under company A and a1 had visited once', async () => {
    const at = report.cuts.beforeMove.position;
    expect(await brief(read({ at, scopeCompanyId: COMPANY_A }))).toEqual([`${A1} soy-pests 2 detail Agro Alfa`, `${A2} corn 1 map Agro Alfa`, `${MOVER} soy 1 map Agro Alfa`]);
  });

  it('an event arriving twice changes nothing; folded one event per batch or rebuilt, the tables are the same', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position of the log, the report equals a fresh rebuild of only the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild(async (schema, at) => (await page(read({ at }), schema)).rows);
  });
});
