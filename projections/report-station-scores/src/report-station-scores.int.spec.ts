import { describe, expect, it } from 'vitest';
import { reportPage, type ReportFilterValues, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { A1, A2, appendReportsStory, B1, COMPANY_A, COMPANY_B, MOVER } from '../../../contexts/reporting/testing/reports-story.js';
import { appendScoresStory } from '../../../contexts/reporting/testing/scores-story.js';
import { stationScoresReportQuery } from './queries.js';
import { reportStationScoresProjection } from './report-station-scores.projection.js';

const report = useReportProjection(reportStationScoresProjection, async (store) => {
  const { beforeMove } = await appendReportsStory(store);
  const { beforeQuestions } = await appendScoresStory(store);
  return { beforeMove, beforeQuestions };
});

const read = (over: Partial<ReportRead> & { filters?: ReportFilterValues } = {}): ReportRead => ({
  at: null,
  lang: 'en',
  scopeCompanyId: null,
  filters: {},
  sort: { column: 'learner', direction: 'asc' },
  ...over,
});
const page = (r: ReportRead, schema = report.schema) => reportPage(report.database.db, schema, stationScoresReportQuery, r, { page: 1, pageSize: 200 });
const rowOf = async (r: ReportRead, userId: string, stationId: string) => (await page(r)).rows.find((x) => x.userId === userId && x.stationId === stationId);

describe('station scores report projection', () => {
  it('scores each learner in each station with scoring rules: current answers, 30 per first completion, answer and usability maxima', async () => {
    const { rows, total } = await page(read());
    expect(total).toBe(5);
    expect(await rowOf(read(), A1, 'soy-pests')).toEqual({
      userId: A1,
      learner: 'Ana Alfa',
      email: `${A1}@example.com`,
      company: 'Agro Alfa',
      stationId: 'soy-pests',
      station: 'Station soy-pests',
      // q1 retried right (10 replaces 0) + qm asked by the video (10), out of q1 and qm's best options
      answerScore: 20,
      answerMax: 20,
      answerPercent: 100,
      // the video rated 4 then 5 (the later rating replaces) and the station 3: 8 of 2 x 5
      usabilityScore: 8,
      usabilityMax: 10,
      usabilityPercent: 80,
      npsScore: 0,
      questionsScore: 10,
      // v1 completed twice: 30 once
      videosScore: 30,
      videosAnswersScore: 10,
      othersScore: 40,
      total: 50,
      completedEntries: 1,
      lastActivityAt: '2026-11-23T12:05:00.000Z',
    });
    expect(await rowOf(read(), A2, 'soy-pests')).toMatchObject({ answerScore: 10, answerMax: 20, answerPercent: 50, usabilityMax: 0, usabilityPercent: null, videosAnswersScore: 10 });
    // a station whose questions give no points has no percent
    expect(await rowOf(read(), B1, 'corn')).toMatchObject({ answerScore: 10, answerMax: 0, answerPercent: null, videosScore: 30, total: 40 });
    // guests score nothing
    expect(rows.some((r) => r.userId.startsWith('guest:'))).toBe(false);
    expect((await page(read({ lang: 'pt-BR' }))).rows[0]!.station).toBe('Estação soy-pests');
  });

  it('keeps a company manager to their company, filters like every report, sorts and refuses an unknown sort', async () => {
    expect(new Set((await page(read({ scopeCompanyId: COMPANY_A }))).rows.map((r) => r.userId))).toEqual(new Set([A1, A2]));
    expect(new Set((await page(read({ scopeCompanyId: COMPANY_B }))).rows.map((r) => r.userId))).toEqual(new Set([B1, MOVER]));
    expect((await page(read({ scopeCompanyId: COMPANY_A, filters: { companyId: COMPANY_B } }))).total).toBe(0);
    expect((await page(read({ filters: { station: 'corn' } }))).rows.map((r) => `${r.userId} ${r.stationId}`)).toEqual([`${B1} corn`]);
    expect((await page(read({ filters: { station: 'soy' } }))).total).toBe(4);
    expect((await page(read({ filters: { state: 'SP' } }))).rows.map((r) => r.userId)).toEqual([A2]);
    // the date range is the learner's last scoring activity in the station
    expect((await page(read({ filters: { from: '2026-11-23', to: '2026-11-24' } }))).rows.map((r) => `${r.userId} ${r.stationId}`).sort()).toEqual([`${A1} soy-pests`, `${B1} corn`]);
    const byPercent = (await page(read({ sort: { column: 'answerPercent', direction: 'desc' } }))).rows.map((r) => r.answerPercent);
    expect(byPercent).toEqual([100, 50, 50, 50, null]);
    await expect(page(read({ sort: { column: 'nope', direction: 'asc' } }))).rejects.toThrow(/sortable/);
  });

  it('as of a past position: the score, the ratings and the catalogue maximum as they stood then', async () => {
    const a1 = await rowOf(read({ at: report.cuts.beforeQuestions.position }), A1, 'soy-pests');
    expect(a1).toMatchObject({ answerScore: 20, answerMax: 0, answerPercent: null, usabilityScore: 4, usabilityMax: 5, usabilityPercent: 80, videosScore: 30 });
    const before = await page(read({ at: report.cuts.beforeMove.position, scopeCompanyId: COMPANY_A }));
    expect(before.rows.map((r) => r.userId).sort()).toEqual([A1, A2, MOVER]);
    expect(before.rows.find((r) => r.userId === A2)).toMatchObject({ answerScore: 0, videosScore: 0, total: 0 });
  });

  it('an event arriving twice changes nothing; folded one event per batch or rebuilt, the tables are the same', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position of the log, the report equals a fresh rebuild of only the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild(async (schema, at) => (await page(read({ at }), schema)).rows);
  });
});
