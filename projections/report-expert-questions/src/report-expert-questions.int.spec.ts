import { describe, expect, it } from 'vitest';
import { reportPage, type ReportFilterValues, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { A1, B1, COMPANY_A, COMPANY_B, MOVER } from '../../../contexts/reporting/testing/reports-story.js';
import { appendExpertQuestionsStory } from '../../../contexts/reporting/testing/expert-questions-story.js';
import { expertQuestionsReportQuery } from './queries.js';
import { reportExpertQuestionsProjection } from './report-expert-questions.projection.js';

const report = useReportProjection(reportExpertQuestionsProjection, appendExpertQuestionsStory);

const read = (over: Partial<ReportRead> & { filters?: ReportFilterValues } = {}): ReportRead => ({ at: null, lang: 'en', scopeCompanyId: null, filters: {}, sort: { column: 'askedAt', direction: 'asc' }, ...over });
const rows = async (r: ReportRead, s = report.schema) => (await reportPage(report.database.db, s, expertQuestionsReportQuery, r, { page: 1, pageSize: 200 })).rows;
/** `question who company theme/subTheme status by: response` */
const brief = async (r: ReportRead) => (await rows(r)).map((x) => `${x.questionId} ${x.userId} ${x.company} ${x.theme}/${x.subTheme} ${x.status} ${x.answeredBy ?? '-'}: ${x.response ?? '-'}`);

describe('ask the expert report projection', () => {
  it('lists each question with theme and sub-theme from the reference data, phone, title, question, response, who answered and when', async () => {
    expect(await brief(read())).toEqual([
      `eq-a1 ${A1} Agro Alfa Pests/Caterpillars answered Dr. Eva: Use a biological control`,
      `eq-b1 ${B1} Beta Coop Soils and fertility/Soil pH answered Dr. Eva: Two tonnes per hectare`,
      `eq-m1 ${MOVER} Beta Coop Soils and fertility/Soil pH withdrawn -: -`,
    ]);
    expect((await rows(read()))[0]).toMatchObject({
      learner: 'Ana Alfa',
      email: `${A1}@example.com`,
      phone: '+5511999990000',
      title: 'Caterpillars on soy',
      question: 'Caterpillars on soy?',
      askedAt: '2026-11-02T10:00:00.000Z',
      answeredAt: '2026-11-21T10:00:00.000Z',
    });
    expect((await rows(read({ lang: 'pt-BR' }))).map((r) => `${r.theme}/${r.subTheme}`)).toEqual(['Pragas/Lagartas', 'Solos e fertilidade/pH do solo', 'Solos e fertilidade/pH do solo']);
  });

  it('keeps a company to its learners and filters by date, sorts by a whitelisted column', async () => {
    expect((await rows(read({ scopeCompanyId: COMPANY_A }))).map((r) => r.questionId)).toEqual(['eq-a1']);
    expect((await rows(read({ scopeCompanyId: COMPANY_B }))).map((r) => r.questionId)).toEqual(['eq-b1', 'eq-m1']);
    expect((await rows(read({ filters: { from: '2026-11-05', to: '2026-11-30' } }))).map((r) => r.questionId)).toEqual(['eq-b1', 'eq-m1']);
    expect((await rows(read({ sort: { column: 'status', direction: 'desc' } }))).map((r) => r.status)).toEqual(['withdrawn', 'answered', 'answered']);
  });

  it('as of before the move: a1 claimed and unanswered, the mover open under company A, the soil theme with its old label', async () => {
    expect(await brief(read({ at: report.cuts.beforeMove.position }))).toEqual([
      `eq-a1 ${A1} Agro Alfa Pests/Caterpillars claimed -: -`,
      `eq-b1 ${B1} Beta Coop Soil/Soil pH answered Dr. Eva: Two tonnes per hectare`,
      `eq-m1 ${MOVER} Agro Alfa Soil/Soil pH open -: -`,
    ]);
  });

  it('an event arriving twice changes nothing; one event per batch or rebuilt, the same tables', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position, equals a fresh rebuild of the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild((s, at) => rows(read({ at }), s));
  });
});
