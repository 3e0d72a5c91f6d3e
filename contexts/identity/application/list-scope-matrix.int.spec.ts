import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission, Role } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { createCompany, staff } from '../testing/user-admin-kit.js';
import type { TestUser } from '@portal/testing/identity';

/**
 * Issue 26 item 1: who reads which company's users, over every GET of the OpenAPI document.
 *
 * 1. Every GET operation is classified here with its scope rule (ADR 0080 lists the same table):
 *    a new read fails this spec until someone says whose data it shows and to whom.
 * 2. Every read that lists users' data names the spec holding its authorization matrix with a
 *    second company; the reads of the manager area without one of their own are in the matrix
 *    below: two companies, every kind of caller, and which company's users each answer shows.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

type Scope =
  /** the caller's own data (their profile, progress, answers, questions) */
  | { kind: 'own' }
  /** anyone: public content, settings, signed links */
  | { kind: 'public' }
  /** content or reference data: no user's data in the answer */
  | { kind: 'content'; rule: string }
  /** users' data (or companies') of more than the caller: the rule, and the spec with its second-company matrix */
  | { kind: 'users'; rule: string; matrix: string };

const THIS = 'contexts/identity/application/list-scope-matrix.int.spec.ts';
const MANAGER = 'managerScope: company_manager or company_admin with a company and manage_companies_users their company, manage_all_companies every company; else 403, another company 404';
const READ = 'managerReadScope: as managerScope, and the auditor every company';
const REPORT_CALLERS = 'contexts/reporting/testing/report-http.ts';
const AUDITOR = 'role auditor: every company (read-only)';
const TC_STAFF = 'roles tc_manager, tc_admin: every training center and event (visitors and attendees belong to no company scope; 001 §1)';
const AREA = 'company staff with a company, or manage_all_companies';
const PRIVACY = 'privacyRequestScope: company_admin with a company their company, manage_all_companies every company; else 403, another company 404';
const PRIVACY_MATRIX = 'contexts/identity/application/privacy-requests/privacy-requests.int.spec.ts';
const own = { kind: 'own' } as const;
const pub = { kind: 'public' } as const;
const content = (rule: string) => ({ kind: 'content', rule }) as const;
const users = (rule: string, matrix: string) => ({ kind: 'users', rule, matrix }) as const;

export const GET_SCOPES: Record<string, Scope> = {
  '/api/app-config': pub,
  '/api/countries': pub,
  '/api/userPreRegister': pub,
  '/api/pages': pub,
  '/api/pages/{section}/{slug}': pub,
  '/api/messaging/webhook': pub,
  '/api/download/{hash}': pub,
  '/api/media/{file}': pub,
  '/api/booking/countries': pub,
  '/api/locations': pub,
  '/api/locations/{locationId}': pub,
  '/api/booking/availability': pub,
  '/api/certificates/verify/{code}': pub,
  '/api/userData': own,
  '/api/userProfileEditOptions': own,
  '/api/notification-messages': own,
  '/api/expert/questions': own,
  '/api/expert/me': own,
  '/api/stations': own,
  '/api/stations/{stationId}': own,
  '/api/catalogue/route': own,
  '/api/training': own,
  '/api/journey': own,
  '/api/journey/list': own,
  '/api/feed/{playlist}': own,
  '/api/home': own,
  '/api/scorms': own,
  '/api/scorms/progress/{scormId}': own,
  '/api/scorms/player': content('any signed-in user: the content origin, no user data (ADR 0084)'),
  '/api/user-store/scorm-content/{id}': own,
  '/api/user-store/all-answers': own,
  '/api/questions/station/{stationId}': own,
  '/api/questions/entry/{entryId}': own,
  '/api/questions/nps': own,
  '/api/survey/{country}': own,
  '/api/survey/{country}/{surveyPath}': own,
  '/api/adaptive/learning': own,
  '/api/adaptive/recommendations': own,
  '/api/scores': own,
  '/api/scores/station/{stationId}': own,
  '/api/user-certificates': own,
  '/api/user-certificates/download/{certificateId}': own,
  '/api/scheduledEvents/mine': own,
  '/api/scheduledEvents/{id}/quiz/{quizId}': own,
  '/api/manage-users/manager-company': own,
  '/api/manage-users/acl-options': own,
  '/api/privacy/me': own,
  '/api/privacy/exports/{requestId}/file': own,
  '/api/privacy/processing': content('user (the installation\'s recipients)'),
  '/api/search-api': content('user (the catalogue the caller may open)'),
  '/api/expert/themes': content('user'),
  '/api/manage-users/crops': content(AREA),
  '/api/manage-users/groups': content(AREA),
  '/api/manage-users/region-options': content(AREA),
  '/api/manage-users/business-unity-options': content(AREA),
  '/api/manage-users/group-responsibles-list': content(AREA),
  '/api/manage-users/reference-options': content(AREA),
  '/api/adminApi/manager-reports-lookups/acl-tags-options': content(AREA),
  '/api/manage-users/reference-data': content('manage_all_companies'),
  '/api/booking/staff/locations': content(TC_STAFF),
  '/api/scheduledEvents/all': content(TC_STAFF),
  '/api/scheduledEvents/{id}': content(`${TC_STAFF}; a learner a published event meant for them`),
  '/api/scheduledEvents/{id}/code': content(TC_STAFF),
  '/api/scheduledEvents/materials/{id}': content(`${TC_STAFF}, and the event's attendees`),
  '/api/quiz': content(TC_STAFF),
  '/api/quiz/{id}': content(TC_STAFF),
  // users' data
  '/api/support/messages': users(READ, THIS),
  '/api/manage-users/list/{companyId}': users(MANAGER, THIS),
  '/api/manage-users/find': users(MANAGER, THIS),
  '/api/manage-users/user/{userId}': users(MANAGER, THIS),
  '/api/manage-users/company-list': users(MANAGER, THIS),
  '/api/manage-users/company/{id}': users(MANAGER, THIS),
  '/api/manager/dashboard': users('dashboardScope: view_manager_dashboard with a company their company, manage_all_companies any; another company 404', THIS),
  '/api/manager/dashboard/companies': users('dashboardScope', THIS),
  '/api/messaging/conversations': users('messagingScope: manage_whatsapp, their company\'s users; with manage_all_companies every conversation', 'contexts/engagement/application/list-messaging-conversations/list-messaging-conversations.int.spec.ts'),
  '/api/expert/queue': users('experts of the question\'s theme, every company (the portal\'s experts answer every learner, ADR 0072)', 'contexts/engagement/application/ask-expert.int.spec.ts'),
  '/api/expert/experts': users('manage_all_companies', 'contexts/engagement/application/ask-expert.int.spec.ts'),
  '/api/booking/staff/bookings': users(TC_STAFF, 'contexts/booking/application/booking.int.spec.ts'),
  '/api/booking/staff/bookings.csv': users(TC_STAFF, 'contexts/booking/application/booking.int.spec.ts'),
  '/api/booking/staff/calendar': users(TC_STAFF, 'contexts/booking/application/booking.int.spec.ts'),
  '/api/scheduledEvents/{id}/attendees': users(TC_STAFF, 'contexts/events/application/events.int.spec.ts'),
  '/api/scheduledEvents/{id}/quiz/{quizId}/answers': users(TC_STAFF, 'contexts/events/application/events.int.spec.ts'),
  '/api/reports/quizzes/{id}': users(TC_STAFF, 'contexts/events/application/events.int.spec.ts'),
  '/api/reports/event/{id}/status': users(TC_STAFF, 'contexts/events/application/events.int.spec.ts'),
  '/api/audit/users/{userId}/history': users(AUDITOR, 'contexts/identity/application/get-user-history/get-user-history.int.spec.ts'),
  '/api/audit/answers/{userId}': users(AUDITOR, 'contexts/assessment/application/assessment.int.spec.ts'),
  '/api/audit/find': users(AUDITOR, 'contexts/reporting/application/audit.int.spec.ts'),
  '/api/audit/subjects/{kind}/{id}/timeline': users(AUDITOR, 'contexts/reporting/application/audit.int.spec.ts'),
  '/api/audit/verifications/current': content(AUDITOR),
  '/api/booking/audit/{bookingId}': users(AUDITOR, 'contexts/booking/application/booking.int.spec.ts'),
  '/api/scheduledEvents/{id}/audit': users(AUDITOR, 'contexts/events/application/events.int.spec.ts'),
  // data subjects' requests (ADR 0092)
  '/api/manage-users/privacy-requests': users(PRIVACY, PRIVACY_MATRIX),
  '/api/manage-users/privacy-holds/{userId}': users(PRIVACY, PRIVACY_MATRIX),
  '/api/audit/privacy-requests': users(`${AUDITOR}: ids only`, PRIVACY_MATRIX),
  // the reports: every one is read by the same callers (report-http CALLERS, a second company included)
  '/api/reports/companies': users(READ, REPORT_CALLERS),
  ...Object.fromEntries(
    ['answers', 'answers/export', 'answers/trend', 'station-content-answers', 'station-content-answers/export', 'station-scores', 'station-scores/export', 'companies-report', 'companies-report/export', 'station-content', 'station-content/export', 'stations', 'stations/export', 'podcast-downloads', 'podcast-downloads/export', 'expert-questions', 'expert-questions/export'].map((r) => [`/api/reports/${r}`, users(READ, REPORT_CALLERS)]),
  ),
  '/api/reports/messaging': users('messagingScope', 'contexts/reporting/application/get-report-page/get-messaging-report.int.spec.ts'),
  '/api/reports/messaging/export': users('messagingScope', 'contexts/reporting/application/get-report-page/get-messaging-report.int.spec.ts'),
};

let t: TestApp;
let doc: { paths: Record<string, Record<string, unknown>> };
let A: string;
let B: string;
const people: Record<string, TestUser> = {};
const COMPANY_USERS: Permission[] = ['manage_companies_users'];
const MANAGER_PERMISSIONS: Permission[] = ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard', 'manage_whatsapp'];

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.request('GET', '/api/docs/openapi.json')).json();
  A = await createCompany(t, 'Alfa');
  B = await createCompany(t, 'Bravo');
  // the users whose data the lists show: a learner of each company and one of none
  const learners: [string, string | null][] = [
    ['learnerA', A],
    ['learnerB', B],
    ['loner', null],
  ];
  for (const [key, companyId] of learners) people[key] = await staff(t, `${key.toLowerCase()}@scope.test`, { roles: ['learner'], companyId });
  for (const key of ['learnerA', 'learnerB', 'loner']) {
    const sent = await t.request('POST', '/api/support/message', {
      token: people[key]!.token,
      body: { registerId: people[key]!.userId, context: 'web', origin: 'http://localhost:3000/home', subject: 'Feedback', title: `support of ${key}`, message: `message of ${key}` },
    });
    expect(sent.statusCode).toBe(201);
  }
  await t.infra.projections.catchUp();
  // the callers
  const callers: [string, Role[], Permission[], string | null][] = [
    ['managerA', ['company_manager'], [...COMPANY_USERS, 'view_manager_dashboard'], A],
    ['adminA', ['company_admin'], MANAGER_PERMISSIONS, A],
    ['adminAWithoutUsers', ['company_admin'], MANAGER_PERMISSIONS.filter((p) => p !== 'manage_companies_users'), A],
    ['managerB', ['company_manager'], [...COMPANY_USERS, 'view_manager_dashboard'], B],
    ['managerNoCompany', ['company_manager'], COMPANY_USERS, null],
    ['global', ['company_admin'], ['manage_all_companies', ...MANAGER_PERMISSIONS], A],
    ['auditor', ['auditor'], [], null],
    ['tcAdmin', ['tc_admin'], [], null],
    ['tcManager', ['tc_manager'], [], null],
  ];
  for (const [key, roles, permissions, companyId] of callers) people[key] = await staff(t, `${key.toLowerCase()}@scope.test`, { roles, permissions, companyId });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('every GET of the OpenAPI document has a scope rule (ADR 0080)', () => {
  it('classifies each GET operation, and none that the document lacks', () => {
    const gets = Object.entries(doc.paths)
      .filter(([, item]) => 'get' in item)
      .map(([path]) => path)
      .sort();
    expect(gets.filter((p) => !(p in GET_SCOPES))).toEqual([]);
    expect(Object.keys(GET_SCOPES).filter((p) => !gets.includes(p))).toEqual([]);
  });

  it("names, for every read of users' data, a spec that calls it with a second company's callers", () => {
    const stale = Object.entries(GET_SCOPES).flatMap(([path, scope]) => {
      if (scope.kind !== 'users') return [];
      const file = join(root, scope.matrix);
      if (!existsSync(file)) return [`${path}: ${scope.matrix} is missing`];
      const text = readFileSync(file, 'utf8');
      // the report callers are shared by every report's spec; the others name the route they call
      const route = path.replace(/^\/api/, '').replace(/\{[^}]+\}.*$/, '').replace(/\/export$/, '');
      if (scope.matrix !== REPORT_CALLERS && !text.includes(route)) return [`${path}: ${scope.matrix} never calls ${route}`];
      return [];
    });
    expect(stale).toEqual([]);
    const reportCallers = readFileSync(join(root, REPORT_CALLERS), 'utf8');
    expect(reportCallers).toContain('a company_manager of B');
  });
});

/** Which of the three learners (by e-mail or support title) an answer shows. */
const seen = (body: string) => (['learnerA', 'learnerB', 'loner'] as const).filter((k) => body.includes(`${k.toLowerCase()}@scope.test`) || body.includes(`support of ${k}`));

interface Read {
  name: string;
  path: () => string;
  /** a list of users: which learners a 200 shows is part of the expected answer */
  showsUsers?: true;
}
const READS: Read[] = [
  { name: 'support inbox', path: () => '/api/support/messages?limit=200', showsUsers: true },
  { name: 'find users', path: () => '/api/manage-users/find?q=scope.test', showsUsers: true },
  { name: "company A's users", path: () => `/api/manage-users/list/${A}`, showsUsers: true },
  { name: "company B's users", path: () => `/api/manage-users/list/${B}`, showsUsers: true },
  { name: "B's learner", path: () => `/api/manage-users/user/${people.learnerB!.userId}`, showsUsers: true },
  { name: 'companies', path: () => '/api/manage-users/company-list' },
  { name: 'company B', path: () => `/api/manage-users/company/${B}` },
  { name: "B's dashboard", path: () => `/api/manager/dashboard?companyId=${B}` },
  { name: 'dashboard companies', path: () => '/api/manager/dashboard/companies' },
];

type Answer = number | [number, ...('learnerA' | 'learnerB' | 'loner')[]];
const none = (status: number): Answer[] => READS.map(() => status);
/** per read (in READS order): the status, and for 200 which learners the answer shows */
const MATRIX: { caller: string; token: () => string | undefined; answers: Answer[] }[] = [
  { caller: 'signed out', token: () => undefined, answers: none(401) },
  { caller: 'a learner of A', token: () => people.learnerA!.token, answers: none(403) },
  { caller: 'a company_manager of A', token: () => people.managerA!.token, answers: [[200, 'learnerA'], [200, 'learnerA'], [200, 'learnerA'], 404, 404, 200, 404, 404, 200] },
  { caller: 'a company_admin of A with every manager permission', token: () => people.adminA!.token, answers: [[200, 'learnerA'], [200, 'learnerA'], [200, 'learnerA'], 404, 404, 200, 404, 404, 200] },
  { caller: 'a company_admin of A without manage_companies_users', token: () => people.adminAWithoutUsers!.token, answers: [403, 403, 403, 403, 403, 403, 403, 404, 200] },
  { caller: 'a company_manager of B', token: () => people.managerB!.token, answers: [[200, 'learnerB'], [200, 'learnerB'], 404, [200, 'learnerB'], [200, 'learnerB'], 200, 200, 200, 200] },
  { caller: 'a company_manager with no company', token: () => people.managerNoCompany!.token, answers: none(403) },
  { caller: 'manage_all_companies', token: () => people.global!.token, answers: [[200, 'learnerA', 'learnerB', 'loner'], [200, 'learnerA', 'learnerB', 'loner'], [200, 'learnerA'], [200, 'learnerB'], [200, 'learnerB'], 200, 200, 200, 200] },
  { caller: 'the auditor', token: () => people.auditor!.token, answers: [[200, 'learnerA', 'learnerB', 'loner'], 403, 403, 403, 403, 403, 403, 403, 403] },
  { caller: 'a tc_admin', token: () => people.tcAdmin!.token, answers: none(403) },
  { caller: 'a tc_manager', token: () => people.tcManager!.token, answers: none(403) },
];

describe("the manager area's reads of users' data, with two companies (issue 26 item 1)", () => {
  it.each(MATRIX)('$caller', async ({ token, answers }) => {
    const got: Answer[] = [];
    for (const read of READS) {
      const res = await t.request('GET', read.path(), { ...(token() ? { token: token()! } : {}) });
      // companies and dashboards name no learner: only their status counts
      got.push(read.showsUsers && res.statusCode === 200 ? [200, ...seen(res.body)] : res.statusCode);
    }
    expect(Object.fromEntries(READS.map((r, i) => [r.name, got[i]]))).toEqual(Object.fromEntries(READS.map((r, i) => [r.name, answers[i]])));
  });

  it('a company_manager of A reads none of the other company\'s support messages, on any page', async () => {
    const body = (await t.request('GET', '/api/support/messages?limit=1&offset=0', { token: people.managerA!.token })).json();
    expect(body.total).toBe(1);
    expect(body.items.map((m: { email: string }) => m.email)).toEqual(['learnera@scope.test']);
    const next = (await t.request('GET', '/api/support/messages?limit=1&offset=1', { token: people.managerA!.token })).json();
    expect(next.items).toEqual([]);
  });

  it("a support message follows its sender: moved to B, A's staff no longer read it and B's do", async () => {
    const moved = await t.request('POST', '/api/manage-users/upsert', { token: people.global!.token, body: { id: people.loner!.userId, companyId: B } });
    expect(moved.statusCode).toBe(200);
    const position = { 'x-min-position': String(moved.headers['x-event-position']) };
    const titles = async (token: string) =>
      ((await t.request('GET', '/api/support/messages', { token, headers: position })).json().items as { title: string }[]).map((m) => m.title).sort();
    expect(await titles(people.managerB!.token)).toEqual(['support of learnerB', 'support of loner']);
    expect(await titles(people.managerA!.token)).toEqual(['support of learnerA']);
  });
});
