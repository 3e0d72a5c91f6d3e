import { describe, expect, it } from 'vitest';
import { reportPage, type ReportFilterValues, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { A1, A2, COMPANY_A, COMPANY_B, MOVER } from '../../../contexts/reporting/testing/reports-story.js';
import { appendContentStory, CAST } from '../../../contexts/reporting/testing/content-story.js';
import { podcastDownloadsReportQuery } from './queries.js';
import { reportPodcastDownloadsProjection } from './report-podcast-downloads.projection.js';

const report = useReportProjection(reportPodcastDownloadsProjection, appendContentStory);

const read = (over: Partial<ReportRead> & { filters?: ReportFilterValues } = {}): ReportRead => ({
  at: null,
  lang: 'en',
  scopeCompanyId: null,
  filters: {},
  sort: { column: 'downloadedAt', direction: 'asc' },
  ...over,
});
const page = (r: ReportRead, schema = report.schema) => reportPage(report.database.db, schema, podcastDownloadsReportQuery, r, { page: 1, pageSize: 200 });
/** `userId episode language company` */
const brief = async (r: ReportRead) => (await page(r)).rows.map((row) => `${row.userId} ${row.episode} ${row.language} ${row.company}`);

describe('podcast downloads report projection', () => {
  it('lists every download of a learner with the episode title in the reader language; guests are not listed', async () => {
    const { rows, total } = await page(read());
    expect(total).toBe(4);
    expect(rows[0]).toEqual({
      downloadId: expect.any(String),
      userId: A1,
      learner: 'Ana Alfa',
      email: `${A1}@example.com`,
      company: 'Agro Alfa',
      station: 'CTB Cast',
      entryId: 'ep1',
      episode: 'Episode ep1 (remastered)',
      language: 'pt-BR',
      downloadedAt: '2026-11-02T12:00:00.000Z',
    });
    expect(await brief(read())).toEqual([
      `${A1} Episode ep1 (remastered) pt-BR Agro Alfa`,
      `${A2} Episode ep2 es Agro Alfa`,
      `${MOVER} Episode ep1 (remastered) en Beta Coop`,
      `${A1} Episode ep2 pt-BR Agro Alfa`,
    ]);
    expect((await page(read({ lang: 'pt-BR' }))).rows[0]!.episode).toBe('Episódio ep1 (remasterizado)');
  });

  it('keeps a company manager to their company and filters by date range, station, place, ACL tag, user type and group', async () => {
    const users = async (r: Partial<ReportRead> & { filters?: ReportFilterValues }) => (await page(read(r))).rows.map((row) => row.userId);
    expect(await users({ scopeCompanyId: COMPANY_A })).toEqual([A1, A2, A1]);
    expect(await users({ scopeCompanyId: COMPANY_B })).toEqual([MOVER]);
    expect(await users({ scopeCompanyId: COMPANY_A, filters: { companyId: COMPANY_B } })).toEqual([]);
    expect(await users({ filters: { from: '2026-11-04', to: '2026-11-06' } })).toEqual([A2, MOVER]);
    expect(await users({ filters: { station: CAST } })).toHaveLength(4);
    expect(await users({ filters: { station: 'soy' } })).toEqual([]);
    expect(await users({ filters: { state: 'SP', userType: 'Distributor', aclTag: 'dist:seeds' } })).toEqual([A2]);
    expect(await users({ filters: { group: 'g1' } })).toEqual([A1, A1]);
  });

  it('sorts by a whitelisted column', async () => {
    expect((await page(read({ sort: { column: 'episode', direction: 'desc' } }))).rows.map((r) => r.entryId)).toEqual(['ep2', 'ep2', 'ep1', 'ep1']);
    await expect(page(read({ sort: { column: 'nope', direction: 'asc' } }))).rejects.toThrow(/sortable/);
  });

  it('as of the move, shows the downloads of then under the company of then, the episode under its title of then', async () => {
    expect(await brief(read({ at: report.cuts.beforeMove.position }))).toEqual([`${A1} Episode ep1 pt-BR Agro Alfa`, `${A2} Episode ep2 es Agro Alfa`, `${MOVER} Episode ep1 en Agro Alfa`]);
  });

  it('an event arriving twice changes nothing; folded one event per batch or rebuilt, the tables are the same', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position of the log, the report equals a fresh rebuild of only the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild(async (schema, at) => (await page(read({ at }), schema)).rows);
  });
});
