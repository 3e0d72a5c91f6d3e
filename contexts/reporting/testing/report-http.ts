/** Helpers of the report HTTP specs (ADR 0070): callers by role, and exported files parsed back. Imported by specs only. */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { newId, type Locale, type Permission, type Role } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { REPORTS, type ReportFormat, type ReportName } from '../contracts/index.js';
import { appendSteps, COMPANY_A, COMPANY_B, STORY_AFTER_MOVE, STORY_BEFORE_MOVE } from './reports-story.js';
import { appendScoresStory } from './scores-story.js';

/** A signed-in caller's bearer token with these roles, permissions and company (the claims a real sign-in gives). */
export const tokenOf = (t: TestApp, roles: Role[], permissions: Permission[] = [], companyId: string | null = null, sub = newId()) =>
  t.infra.tokens.issue({
    sub,
    sid: newId(),
    email: `${roles.join('.') || 'user'}@test.agro`,
    roles,
    permissions,
    aclTags: [],
    companyId,
    country: 'BR',
    allowedStations: 'all',
    registerStatus: 'Completed',
    emailVerified: true,
  });

/** Who calls, and what each should get: `own` without a company filter, `a`/`b` with companyId of A/B. */
export interface Caller {
  who: string;
  token: (t: TestApp) => Promise<string | undefined>;
  /** status without a company filter */
  own: number;
  a: number;
  b: number;
  /** the companies whose rows the caller receives without a filter */
  sees: string[];
}
const USERS: Permission[] = ['manage_companies_users'];
export const CALLERS: Caller[] = [
  { who: 'signed out', token: async () => undefined, own: 401, a: 401, b: 401, sees: [] },
  { who: 'a learner of company A', token: (t) => tokenOf(t, ['learner'], [], COMPANY_A), own: 403, a: 403, b: 403, sees: [] },
  { who: 'a company_manager of A without manage_companies_users', token: (t) => tokenOf(t, ['company_manager'], ['view_manager_dashboard'], COMPANY_A), own: 403, a: 403, b: 403, sees: [] },
  { who: 'a company_manager of A', token: (t) => tokenOf(t, ['company_manager'], USERS, COMPANY_A), own: 200, a: 200, b: 404, sees: [COMPANY_A] },
  { who: 'a company_admin of A', token: (t) => tokenOf(t, ['company_admin'], [...USERS, 'manage_companies_managers'], COMPANY_A), own: 200, a: 200, b: 404, sees: [COMPANY_A] },
  { who: 'a company_manager with the permission but no company', token: (t) => tokenOf(t, ['company_manager'], USERS, null), own: 403, a: 403, b: 403, sees: [] },
  { who: 'a company_manager of B', token: (t) => tokenOf(t, ['company_manager'], USERS, COMPANY_B), own: 200, a: 404, b: 200, sees: [COMPANY_B] },
  { who: 'a manage_all_companies holder', token: (t) => tokenOf(t, ['company_admin'], ['manage_all_companies'], COMPANY_A), own: 200, a: 200, b: 200, sees: [COMPANY_A, COMPANY_B] },
  { who: 'a tc_admin', token: (t) => tokenOf(t, ['tc_admin'], [], null), own: 403, a: 403, b: 403, sees: [] },
  { who: 'an auditor', token: (t) => tokenOf(t, ['auditor'], [], null), own: 200, a: 200, b: 200, sees: [COMPANY_A, COMPANY_B] },
];

/** An exported CSV: the preamble lines (label, value) up to the blank line, the header and the data rows. */
export function parseCsvExport(text: string): { preamble: string[][]; header: string[]; rows: string[][] } {
  const lines = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: false }) as string[][];
  const blank = lines.findIndex((l) => l.length === 0 || (l.length === 1 && l[0] === ''));
  return { preamble: lines.slice(0, blank), header: lines[blank + 1]!, rows: lines.slice(blank + 2).filter((l) => l.length > 1) };
}

/** An exported XLSX's first sheet, the same way. */
export async function parseXlsxExport(bytes: Buffer): Promise<{ preamble: string[][]; header: string[]; rows: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  const sheet = workbook.worksheets[0]!;
  const lines: string[][] = [];
  for (let i = 1; i <= sheet.rowCount; i += 1) {
    const row = sheet.getRow(i);
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    lines.push(values.map((v) => (v === null || v === undefined ? '' : String(v))));
  }
  const blank = lines.findIndex((l) => l.every((v) => v === ''));
  return { preamble: lines.slice(0, blank), header: lines[blank + 1]!, rows: lines.slice(blank + 2) };
}

/**
 * One column of a report's export as `token` reads it: the file downloaded in `format` and `lang`
 * (with `query`, e.g. the sort), parsed back, the cells under the column's header in that language.
 */
export async function exportedColumn(
  t: TestApp,
  token: string | undefined,
  file: { report: ReportName; format: ReportFormat; lang: Locale; query?: string },
  key: string,
): Promise<string[]> {
  const res = await t.request('GET', `/api/reports/${file.report}/export?format=${file.format}&lang=${file.lang}${file.query ? `&${file.query}` : ''}`, token ? { token } : {});
  if (res.statusCode !== 200) throw new Error(`the ${file.report} export answered ${res.statusCode}: ${res.body}`);
  const parsed = file.format === 'csv' ? parseCsvExport(res.body) : await parseXlsxExport(res.rawPayload);
  const header = (REPORTS[file.report].columns as readonly { key: string; header: Record<Locale, string> }[]).find((c) => c.key === key)?.header[file.lang];
  const column = header === undefined ? -1 : parsed.header.indexOf(header);
  if (column < 0) throw new Error(`no column ${key} in the ${file.report} export: ${parsed.header.join(', ')}`);
  return parsed.rows.map((r) => r[column] ?? '');
}

/**
 * The HTTP specs' app over the reports story with a learner moved between companies and this
 * story after it, every projection caught up; `beforeMove` is a time (ISO) between the move's two
 * halves, to read a report "as of" it.
 */
export async function startScoresStoryApp(): Promise<{ app: TestApp; beforeMove: string }> {
  const app = await startTestApp();
  await appendSteps(app.infra.store, STORY_BEFORE_MOVE);
  await new Promise((r) => setTimeout(r, 20));
  const beforeMove = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  await appendSteps(app.infra.store, STORY_AFTER_MOVE);
  await appendScoresStory(app.infra.store);
  await app.infra.projections.catchUp();
  return { app, beforeMove };
}
