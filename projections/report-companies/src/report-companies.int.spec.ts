import { describe, expect, it } from 'vitest';
import { reportPage, type ReportFilterValues, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { appendReportsStory, COMPANY_A, COMPANY_B } from '../../../contexts/reporting/testing/reports-story.js';
import { appendScoresStory, SCORES_STORY_NOW } from '../../../contexts/reporting/testing/scores-story.js';
import { companiesReportQuery } from './queries.js';
import { reportCompaniesProjection } from './report-companies.projection.js';

const report = useReportProjection(reportCompaniesProjection, async (store) => {
  const { beforeMove } = await appendReportsStory(store);
  const { beforeQuestions } = await appendScoresStory(store);
  return { beforeMove, beforeQuestions };
});

const read = (over: Partial<ReportRead> & { filters?: ReportFilterValues } = {}): ReportRead => ({
  at: null,
  lang: 'en',
  scopeCompanyId: null,
  filters: {},
  sort: { column: 'company', direction: 'asc' },
  now: SCORES_STORY_NOW,
  ...over,
});
const page = (r: ReportRead, schema = report.schema) => reportPage(report.database.db, schema, companiesReportQuery, r, { page: 1, pageSize: 200 });
/** `company users/active/completions` per row */
const counts = async (r: ReportRead) => (await page(r)).rows.map((x) => `${x.company} ${x.users}/${x.activeUsers}/${x.completions}`);

describe('companies report projection', () => {
  it("lists each company's fields as identity last recorded them, with its users, active users and completions", async () => {
    const { rows, total } = await page(read());
    expect(total).toBe(2);
    expect(rows[0]).toEqual({
      companyId: COMPANY_A,
      company: 'Agro Alfa',
      businessCode: 'aa01',
      phone: '+55 41 3333-0000',
      contactEmail: null,
      contactName: 'Ana Contato',
      contactPhone: null,
      domains: 'alfa.example, agroalfa.example',
      // a1 and a2 (the mover left for B); a2 last signed in more than 30 days ago; a1 completed v1 twice (a guest's completion is nobody's)
      users: 2,
      activeUsers: 1,
      completions: 2,
    });
    expect(await counts(read())).toEqual(['Agro Alfa 2/1/2', 'Beta Coop 2/2/1']);
  });

  it('active users count back 30 days from the time read', async () => {
    expect(await counts(read({ now: new Date('2026-11-26T00:00:00.000Z') }))).toEqual(['Agro Alfa 2/1/2', 'Beta Coop 2/0/1']);
    expect(await counts(read({ now: new Date('2027-01-15T00:00:00.000Z') }))).toEqual(['Agro Alfa 2/0/2', 'Beta Coop 2/0/1']);
  });

  it("keeps a company manager to their company's row; the learner filters, date range and crop narrow what is counted", async () => {
    expect((await page(read({ scopeCompanyId: COMPANY_A }))).rows.map((r) => r.companyId)).toEqual([COMPANY_A]);
    expect((await page(read({ scopeCompanyId: COMPANY_B }))).rows.map((r) => r.companyId)).toEqual([COMPANY_B]);
    expect((await page(read({ scopeCompanyId: COMPANY_A, filters: { companyId: COMPANY_B } }))).total).toBe(0);
    expect((await page(read({ filters: { companyId: COMPANY_B } }))).rows.map((r) => r.companyId)).toEqual([COMPANY_B]);
    expect(await counts(read({ filters: { state: 'SP' } }))).toEqual(['Agro Alfa 1/0/0', 'Beta Coop 0/0/0']);
    expect(await counts(read({ filters: { station: 'corn' } }))).toEqual(['Agro Alfa 2/1/0', 'Beta Coop 2/2/1']);
    expect(await counts(read({ filters: { from: '2026-11-22', to: '2026-11-30' } }))).toEqual(['Agro Alfa 2/1/1', 'Beta Coop 2/2/1']);
    expect(await counts(read({ sort: { column: 'activeUsers', direction: 'desc' } }))).toEqual(['Beta Coop 2/2/1', 'Agro Alfa 2/1/2']);
    await expect(page(read({ sort: { column: 'phone', direction: 'asc' } }))).rejects.toThrow(/sortable/);
  });

  it('as of a past position: the mover still in A, no completion yet, the contact of then', async () => {
    const then = await page(read({ at: report.cuts.beforeMove.position }));
    expect(then.rows.map((x) => `${x.company} ${x.users}/${x.completions}`)).toEqual(['Agro Alfa 3/0', 'Beta Coop 1/0']);
    expect(then.rows[0]).toMatchObject({ phone: null, contactName: null, domains: '' });
    expect((await page(read({ at: report.cuts.beforeQuestions.position }))).rows.map((x) => x.completions)).toEqual([2, 0]);
  });

  it('an event arriving twice changes nothing; folded one event per batch or rebuilt, the tables are the same', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position of the log, the report equals a fresh rebuild of only the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild(async (schema, at) => (await page(read({ at }), schema)).rows);
  });
});
