import { describe, expect, it } from 'vitest';
import { reportPage, type ReportFilterValues, type ReportRead } from '@portal/projection-report-kit';
import { useReportProjection } from '@portal/projection-report-kit/testing';
import { A1, B1, COMPANY_A, COMPANY_B, MOVER } from '../../../contexts/reporting/testing/reports-story.js';
import { appendMessagingStory } from '../../../contexts/reporting/testing/messaging-story.js';
import { messagingReportQuery } from './queries.js';
import { reportMessagingProjection } from './report-messaging.projection.js';

const report = useReportProjection(reportMessagingProjection, appendMessagingStory);

const read = (over: Partial<ReportRead> & { filters?: ReportFilterValues } = {}): ReportRead => ({ at: null, lang: 'en', scopeCompanyId: null, filters: {}, sort: { column: 'sentAt', direction: 'asc' }, ...over });
const rows = async (r: ReportRead, s = report.schema) => (await reportPage(report.database.db, s, messagingReportQuery, r, { page: 1, pageSize: 200 })).rows;
/** `rowId who company: message -> response (replies)` */
const brief = async (r: ReportRead) =>
  (await rows(r)).map((x) => `${x.rowId} ${x.userId ?? x.phone} ${x.company ?? '-'}: ${x.userMessage ?? '-'} -> ${x.response?.replace('\n\n', ' | ') ?? '-'} (${x.replies})`);

describe('messaging report projection', () => {
  it('lists each user message with our replies and its send date; a reply that answered nothing is a row of its own', async () => {
    expect(await brief(read())).toEqual([
      `wamid.open ${A1} Agro Alfa: - -> Welcome to the portal (1)`,
      `wamid.a1 ${A1} Agro Alfa: How do I book a visit? -> Open Bookings in the menu | And pick a date (2)`,
      `wamid.b1 ${B1} Beta Coop: Where is my certificate? -> - (0)`,
      `wamid.m1 ${MOVER} Beta Coop: Hello -> - (0)`,
      `wamid.x1 +5599900000000 -: Who is this? -> The training portal (1)`,
    ]);
    const a1 = (await rows(read())).find((r) => r.rowId === 'wamid.a1');
    expect(a1).toMatchObject({ learner: 'Ana Alfa', email: `${A1}@example.com`, phone: '+5511911110001', contactName: 'Ana', sentAt: '2026-11-02T10:00:00.000Z', respondedAt: '2026-11-02T10:05:00.000Z' });
    expect((await rows(read())).find((r) => r.rowId === 'wamid.x1')).toMatchObject({ userId: null, learner: null, email: null, company: null, contactName: 'Stranger' });
  });

  it('keeps a company to its own users: unmatched phones are in no company, and learner filters leave them out', async () => {
    expect((await rows(read({ scopeCompanyId: COMPANY_A }))).map((r) => r.rowId)).toEqual(['wamid.open', 'wamid.a1']);
    expect((await rows(read({ scopeCompanyId: COMPANY_B }))).map((r) => r.rowId)).toEqual(['wamid.b1', 'wamid.m1']);
    expect((await rows(read({ filters: { country: 'BR' } }))).some((r) => r.userId === null)).toBe(false);
    expect((await rows(read({ filters: { from: '2026-11-05', to: '2026-11-07' } }))).map((r) => r.rowId)).toEqual(['wamid.b1', 'wamid.m1']);
    // no station in a message: a station filter finds nothing
    expect(await rows(read({ filters: { station: 'soy' } }))).toEqual([]);
  });

  it('as of before the later replies and the move: what had been answered then, the mover under company A', async () => {
    const at = report.cuts.beforeMove.position;
    expect(await brief(read({ at }))).toEqual([
      `wamid.open ${A1} Agro Alfa: - -> Welcome to the portal (1)`,
      `wamid.a1 ${A1} Agro Alfa: How do I book a visit? -> Open Bookings in the menu (1)`,
      `wamid.b1 ${B1} Beta Coop: Where is my certificate? -> - (0)`,
      `wamid.m1 ${MOVER} Agro Alfa: Hello -> - (0)`,
      `wamid.x1 +5599900000000 -: Who is this? -> - (0)`,
    ]);
  });

  it('sorts by a whitelisted column (unmatched learners last) and pages without overlap', async () => {
    expect((await rows(read({ sort: { column: 'learner', direction: 'asc' } }))).map((r) => r.learner)).toEqual(['Ana Alfa', 'Ana Alfa', 'Carla Beta', 'Davi Mover', null]);
    const p1 = await reportPage(report.database.db, report.schema, messagingReportQuery, read(), { page: 1, pageSize: 3 });
    const p2 = await reportPage(report.database.db, report.schema, messagingReportQuery, read(), { page: 2, pageSize: 3 });
    expect(p1.total).toBe(5);
    expect([...p1.rows, ...p2.rows].map((r) => r.rowId)).toHaveLength(new Set([...p1.rows, ...p2.rows].map((r) => r.rowId)).size);
  });

  it('an event arriving twice changes nothing; one event per batch or rebuilt, the same tables', async () => {
    await report.expectReplayEqualsLive();
  });

  it('as of every position, equals a fresh rebuild of the events up to it', async () => {
    await report.expectAsOfEveryPositionEqualsRebuild((s, at) => rows(read({ at }), s));
  });
});
