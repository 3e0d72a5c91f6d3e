import { describe, expect, it } from 'vitest';
import { reportPage, type ReportFilterValues, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { A1, A2, appendReportsStory, B1, COMPANY_A, COMPANY_B, MOVER } from '../../../contexts/reporting/testing/reports-story.js';
import { answersReportQuery } from './queries.js';
import { reportAnswersProjection } from './report-answers.projection.js';

const report = useReportProjection(reportAnswersProjection, appendReportsStory);

const read = (over: Partial<ReportRead> & { filters?: ReportFilterValues } = {}): ReportRead => ({
  at: null,
  lang: 'en',
  scopeCompanyId: null,
  filters: {},
  sort: { column: 'answeredAt', direction: 'asc' },
  ...over,
});
const page = (r: ReportRead, schema = report.schema) => reportPage(report.database.db, schema, answersReportQuery, r, { page: 1, pageSize: 200 });
/** who answered what, in order: `userId question answer company` */
const brief = async (r: ReportRead) => (await page(r)).rows.map((row) => `${row.userId} ${row.question} ${row.answer} ${row.company}`);

describe('answers report projection', () => {
  it('lists every answer with the learner, their current company, the titles in the reader language and the attempt', async () => {
    const { rows, total } = await page(read());
    expect(total).toBe(8);
    expect(rows[0]).toEqual({
      rowId: expect.any(String),
      userId: A1,
      learner: 'Ana Alfa',
      email: `${A1}@example.com`,
      company: 'Agro Alfa',
      station: 'Station soy-pests',
      entry: null,
      question: 'Question q1 (revised)',
      answer: 'No',
      correct: false,
      score: 0,
      secondsToAnswer: 3.5,
      answeredAt: '2026-11-02T10:00:00.000Z',
      context: 'station',
      attempt: 1,
    });
    expect(rows[1]).toMatchObject({ attempt: 2, correct: true, answer: 'Yes', score: 10 });
    expect(rows.find((r) => r.entry !== null)).toMatchObject({ entry: 'Video v1', context: 'media', question: 'Question qm' });
    // the mover's answer counts under the company they are in now
    expect(rows.find((r) => r.userId === MOVER)?.company).toBe('Beta Coop');
    const pt = (await page(read({ lang: 'pt-BR' }))).rows[0]!;
    expect([pt.station, pt.question, pt.answer]).toEqual(['Estação soy-pests', 'Pergunta q1', 'Não']);
  });

  it('keeps a company manager to their company: a learner who left it is no longer counted there', async () => {
    const a = (await page(read({ scopeCompanyId: COMPANY_A }))).rows;
    expect(new Set(a.map((r) => r.userId))).toEqual(new Set([A1, A2]));
    const b = (await page(read({ scopeCompanyId: COMPANY_B }))).rows;
    expect(new Set(b.map((r) => r.userId))).toEqual(new Set([B1, MOVER]));
    // a filter for another company inside a scope finds nothing
    expect((await page(read({ scopeCompanyId: COMPANY_A, filters: { companyId: COMPANY_B } }))).total).toBe(0);
  });

  it('filters by date range, company, country, state, crop or station, ACL tag, user type and group', async () => {
    const users = async (filters: ReportFilterValues) => [...new Set((await page(read({ filters }))).rows.map((r) => r.userId))].sort();
    expect(await users({ from: '2026-11-03', to: '2026-11-04' })).toEqual([A1, A2]);
    expect(await users({ companyId: COMPANY_B })).toEqual([B1, MOVER]);
    expect(await users({ country: 'BR', state: 'SP' })).toEqual([A2]);
    expect(await users({ aclTag: 'dist:seeds' })).toEqual([A2]);
    expect(await users({ userType: 'Distributor' })).toEqual([A2]);
    expect(await users({ group: 'g1' })).toEqual([A1]);
    // a crop holds its child stations' answers; another crop's answers stay out
    expect((await page(read({ filters: { station: 'soy' } }))).total).toBe(7);
    expect((await page(read({ filters: { station: 'corn' } }))).rows.map((r) => r.question)).toEqual(['Question qc']);
    expect((await page(read({ filters: { station: 'nowhere' } }))).total).toBe(0);
  });

  it('sorts by a whitelisted column and pages without overlap', async () => {
    const byLearner = (await page(read({ sort: { column: 'learner', direction: 'desc' } }))).rows.map((r) => r.learner);
    expect(byLearner).toEqual([...byLearner].sort().reverse());
    const first = await reportPage(report.database.db, report.schema, answersReportQuery, read(), { page: 1, pageSize: 3 });
    const second = await reportPage(report.database.db, report.schema, answersReportQuery, read(), { page: 2, pageSize: 3 });
    expect(first.total).toBe(8);
    expect(first.rows.map((r) => r.rowId).filter((id) => second.rows.some((s) => s.rowId === id))).toEqual([]);
    await expect(page(read({ sort: { column: 'answer; drop table x', direction: 'asc' } }))).rejects.toThrow(/sortable/);
  });

  it('as of the move, shows the log as it stood: the mover under company A, no later retry, the question title of then', async () => {
    const at = report.cuts.beforeMove.position;
    expect(await brief(read({ at, scopeCompanyId: COMPANY_A }))).toEqual([
      `${A1} Question q1 No Agro Alfa`,
      `${A1} Question q1 Yes Agro Alfa`,
      `${A1} Question qm Yes Agro Alfa`,
      `${A2} Question qm No Agro Alfa`,
      `${MOVER} Question q1 Yes Agro Alfa`,
    ]);
    expect((await page(read({ at, scopeCompanyId: COMPANY_B }))).rows.map((r) => r.userId)).toEqual([B1, B1]);
  });

  it('an event arriving twice changes nothing; folded one event per batch or rebuilt, the tables are the same', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position of the log, the report equals a fresh rebuild of only the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild(async (schema, at) => (await page(read({ at }), schema)).rows);
  });
});
