import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission, Role } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { REPORTS } from '../../contracts/index.js';
import { parseCsvExport, parseXlsxExport, tokenOf } from '../../testing/report-http.js';
import { appendSteps, COMPANY_A, COMPANY_B, STORY_AFTER_MOVE, STORY_BEFORE_MOVE } from '../../testing/reports-story.js';
import { MESSAGES_AFTER_MOVE, MESSAGES_BEFORE_MOVE } from '../../testing/messaging-story.js';

let t: TestApp;
let beforeMove: string;

beforeAll(async () => {
  t = await startTestApp();
  await appendSteps(t.infra.store, [...STORY_BEFORE_MOVE, ...MESSAGES_BEFORE_MOVE]);
  await new Promise((r) => setTimeout(r, 20));
  beforeMove = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  await appendSteps(t.infra.store, [...STORY_AFTER_MOVE, ...MESSAGES_AFTER_MOVE]);
  await t.infra.projections.catchUp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.request('GET', url, token ? { token } : {});
const WA: Permission[] = ['manage_whatsapp'];
const UNMATCHED = 'unmatched phones';
/** Who calls, the status without a filter, with company A, with company B, and whose rows they get (company names, or unmatched phones). */
const MESSAGING_CALLERS: { who: string; roles: Role[]; permissions: Permission[]; companyId: string | null; own: number; a: number; b: number; sees: string[] }[] = [
  { who: 'a learner of A', roles: ['learner'], permissions: [], companyId: COMPANY_A, own: 403, a: 403, b: 403, sees: [] },
  { who: 'a company_manager of A with manage_companies_users but not manage_whatsapp', roles: ['company_manager'], permissions: ['manage_companies_users', 'view_manager_dashboard'], companyId: COMPANY_A, own: 403, a: 403, b: 403, sees: [] },
  { who: 'a company_admin with manage_all_companies but not manage_whatsapp', roles: ['company_admin'], permissions: ['manage_all_companies', 'manage_companies_users'], companyId: COMPANY_A, own: 403, a: 403, b: 403, sees: [] },
  { who: 'an auditor', roles: ['auditor'], permissions: [], companyId: null, own: 403, a: 403, b: 403, sees: [] },
  { who: 'a tc_admin', roles: ['tc_admin'], permissions: [], companyId: null, own: 403, a: 403, b: 403, sees: [] },
  { who: 'a tc_manager with manage_whatsapp but no company', roles: ['tc_manager'], permissions: WA, companyId: null, own: 403, a: 403, b: 403, sees: [] },
  { who: 'a company_manager with manage_whatsapp but no company', roles: ['company_manager'], permissions: WA, companyId: null, own: 403, a: 403, b: 403, sees: [] },
  { who: 'a company_manager of A with manage_whatsapp', roles: ['company_manager'], permissions: WA, companyId: COMPANY_A, own: 200, a: 200, b: 404, sees: ['Agro Alfa'] },
  { who: 'a company_admin of B with manage_whatsapp', roles: ['company_admin'], permissions: WA, companyId: COMPANY_B, own: 200, a: 404, b: 200, sees: ['Beta Coop'] },
  { who: 'manage_whatsapp with manage_all_companies', roles: ['tc_admin'], permissions: [...WA, 'manage_all_companies'], companyId: null, own: 200, a: 200, b: 200, sees: ['Agro Alfa', 'Beta Coop', UNMATCHED] },
];
const owners = (rows: { company: string | null; userId: string | null }[]) => [...new Set(rows.map((r) => (r.userId === null ? UNMATCHED : r.company)))].sort();

describe('GET /api/reports/messaging and its exports: manage_whatsapp only, scoped by company', () => {
  it('signed out: 401 for the page and the export', async () => {
    expect((await get('/api/reports/messaging')).statusCode).toBe(401);
    expect((await get('/api/reports/messaging/export?format=csv')).statusCode).toBe(401);
  });

  for (const c of MESSAGING_CALLERS) {
    it(`${c.who}: ${c.own}; company A ${c.a}, B ${c.b}; rows of ${c.sees.join(', ') || 'none'}, in the page, the CSV and the XLSX`, async () => {
      const token = await tokenOf(t, c.roles, c.permissions, c.companyId);
      const own = await get('/api/reports/messaging?pageSize=200&lang=en', token);
      expect([own.statusCode, (await get(`/api/reports/messaging?companyId=${COMPANY_A}`, token)).statusCode, (await get(`/api/reports/messaging?companyId=${COMPANY_B}`, token)).statusCode]).toEqual([c.own, c.a, c.b]);
      for (const format of ['csv', 'xlsx'] as const) {
        const file = await get(`/api/reports/messaging/export?format=${format}&lang=en`, token);
        expect(file.statusCode, format).toBe(c.own);
        const other = await get(`/api/reports/messaging/export?format=${format}&companyId=${c.companyId === COMPANY_A ? COMPANY_B : COMPANY_A}`, token);
        expect(other.statusCode).toBe(c.sees.length === 1 ? 404 : c.own);
        if (c.own !== 200) continue;
        const parsed = format === 'csv' ? parseCsvExport(file.body) : await parseXlsxExport(file.rawPayload);
        expect(parsed.header).toEqual(REPORTS.messaging.columns.map((col) => col.header.en));
        const company = parsed.header.indexOf('Company');
        const learner = parsed.header.indexOf('Learner');
        expect([...new Set(parsed.rows.map((r) => (!r[learner] ? UNMATCHED : r[company])))].sort(), format).toEqual(c.sees);
      }
      if (c.own !== 200) return;
      expect(owners(REPORTS.messaging.pageSchema.parse(own.json()).rows)).toEqual(c.sees);
    });
  }
});

describe('the messaging report', () => {
  it('answers each user message with our responses and its send date, sorted and filtered on the server, and as it stood at a past date', async () => {
    const token = await tokenOf(t, ['tc_admin'], ['manage_whatsapp', 'manage_all_companies']);
    const page = REPORTS.messaging.pageSchema.parse((await get('/api/reports/messaging?sort=sentAt&dir=asc&lang=en', token)).json());
    expect(page).toMatchObject({ report: 'messaging', total: 5, asOf: null });
    expect(page.rows.find((r) => r.rowId === 'wamid.a1')).toMatchObject({
      learner: 'Ana Alfa',
      company: 'Agro Alfa',
      phone: '+5511911110001',
      userMessage: 'How do I book a visit?',
      response: 'Open Bookings in the menu\n\nAnd pick a date',
      sentAt: '2026-11-02T10:00:00.000Z',
      replies: 2,
    });
    const then = REPORTS.messaging.pageSchema.parse((await get(`/api/reports/messaging?lang=en&asOf=${encodeURIComponent(beforeMove)}`, token)).json());
    expect(then.rows.find((r) => r.rowId === 'wamid.a1')).toMatchObject({ response: 'Open Bookings in the menu', replies: 1 });
    expect(then.rows.find((r) => r.rowId === 'wamid.x1')).toMatchObject({ response: null, learner: null });
    const dated = REPORTS.messaging.pageSchema.parse((await get('/api/reports/messaging?from=2026-11-05&to=2026-11-07', token)).json());
    expect(dated.rows.map((r) => r.rowId).sort()).toEqual(['wamid.b1', 'wamid.m1']);
    // a column that is not sortable, or another report's, is refused with the field
    const bad = await get('/api/reports/messaging?sort=answeredAt', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((e: { path: string }) => e.path)).toContain('sort');
  });
});
