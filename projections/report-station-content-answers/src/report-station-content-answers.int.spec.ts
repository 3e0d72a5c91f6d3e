import { describe, expect, it } from 'vitest';
import { reportPage, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { A1, A2, appendReportsStory, COMPANY_B } from '../../../contexts/reporting/testing/reports-story.js';
import { stationContentAnswersReportQuery } from './queries.js';
import { reportStationContentAnswersProjection } from './report-station-content-answers.projection.js';

const report = useReportProjection(reportStationContentAnswersProjection, appendReportsStory);

const read = (over: Partial<ReportRead> = {}): ReportRead => ({ at: null, lang: 'en', scopeCompanyId: null, filters: {}, sort: { column: 'learner', direction: 'asc' }, ...over });
const rows = async (r: ReportRead, s = report.schema) => (await reportPage(report.database.db, s, stationContentAnswersReportQuery, r, { page: 1, pageSize: 200 })).rows;

describe('station content answers report projection', () => {
  it('keeps one row per learner, entry and media question: the current answer, the attempts, the first and last answer', async () => {
    expect((await rows(read())).map((r) => [r.userId, r.entry, r.question, r.answer, r.attempts, r.firstAnsweredAt, r.lastAnsweredAt])).toEqual([
      [A1, 'Video v1', 'Question qm', 'Yes', 1, '2026-11-03T10:00:00.000Z', '2026-11-03T10:00:00.000Z'],
      [A2, 'Video v1', 'Question qm', 'Yes', 2, '2026-11-04T09:00:00.000Z', '2026-11-20T09:00:00.000Z'],
    ]);
    // station questions are not media questions
    expect((await rows(read({ scopeCompanyId: COMPANY_B })))).toEqual([]);
  });

  it('as of before the retry, shows the answer of then', async () => {
    expect((await rows(read({ at: report.cuts.beforeMove.position }))).find((r) => r.userId === A2)).toMatchObject({ answer: 'No', correct: false, attempts: 1 });
  });

  it('an event arriving twice changes nothing; one event per batch or rebuilt, the same tables', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position, equals a fresh rebuild of the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild((s, at) => rows(read({ at }), s));
  });
});
