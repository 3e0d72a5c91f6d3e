import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { parseXlsxExport } from '../../contexts/reporting/testing/report-http.js';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { apiToken, signInAt } from './shell-portal.js';

/**
 * Report screens in the browser (issue 16, ADR 0070), one portal for all: the auditor reads the
 * answers report as of a past moment; a company manager reads the station content, stations and
 * podcast downloads reports of their company's learner (not another company's) and exports one;
 * the ask-the-expert report writes its status in words.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('report-screens', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const COMPANY_LEARNER = { email: 'company.admin@demo.agro', name: 'Beatriz Lima' };
const OTHER_LEARNER = { email: 'learner@demo.agro', name: 'Ana Souza', userId: '01900000-0000-7000-8000-000000000001' };
/** The demo's distributor company (contexts/identity/application/seed/demo-companies.ts). */
const OTHER_COMPANY = '01900000-0000-7000-8000-00000000c0d2';

const tokens = new Map<string, Promise<string>>();
/** A call to the API as `email` (signed in once); throws unless it answers 2xx. */
const call = async (email: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> => {
  if (!tokens.has(email)) tokens.set(email, apiToken(portal.url, email));
  const res = await fetch(new URL(path, portal.url), {
    method,
    headers: { authorization: `Bearer ${await tokens.get(email)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} as ${email} answered ${res.status}: ${await res.text()}`);
  return res;
};
/** Answers a question of a station of the demo pack, as `email`. */
const answer = (email: string, stationId: string, questionId: string, answerId: string) =>
  call(email, 'POST', '/api/user-store/answer', { questionId, answerId, secondsToAnswer: 4, context: 'station', stationId });

const signedIn = async (email: string, path: string, locale: string): Promise<Page> => {
  // UTC: the "as of" picker is in the browser's time zone, the test writes it from UTC times
  const context = await browser.newContext({ locale, timezoneId: 'UTC', baseURL: portal.url, acceptDownloads: true });
  const page = await context.newPage();
  await signInAt(page, path, email);
  return page;
};
const rowsOf = (page: Page) => page.getByTestId('report-row').allTextContents();
/** A UTC time as the `datetime-local` picker writes it (seconds only when not zero). */
const pickerValue = (at: Date) => at.toISOString().slice(0, 19).replace(/:00$/, '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The stations whose two questions the "as of" test answers, one per try: a question takes one
 * answer, and the moment between two answers can only be made with new ones, so a retry (vitest
 * retries an e2e test twice) answers a station no earlier try did and reads the report on it.
 */
const AS_OF_STATIONS = ['boas-vindas', 'algodao-solo', 'algodao-pragas'] as const;

describe('the auditor reads a report as of a past moment', () => {
  it('both answers live, only the first as of a moment between them, the empty report as of last week; the URL keeps "as of"', async ({ task }) => {
    const station = AS_OF_STATIONS[task.result?.retryCount ?? 0]!;
    await answer(COMPANY_LEARNER.email, station, `${station}-q1`, `${station}-q1-a`);
    await sleep(1500);
    // a whole second, after the first answer was recorded and before the second
    const between = new Date(Math.floor(Date.now() / 1000) * 1000);
    await sleep(1500);
    await answer(OTHER_LEARNER.email, station, `${station}-q2`, `${station}-q2-b`);

    // the report on this try's station: the answers of an earlier try are on another
    const page = await signedIn('auditor@demo.agro', `/manager/users/answers-report?station=${station}`, 'en');
    const console = watchConsole(page);
    await page.getByTestId('report-table').waitFor({ timeout: 15_000 });
    await expect.poll(async () => rowsOf(page), { timeout: 15_000 }).toHaveLength(2);
    const live = (await rowsOf(page)).join('\n');
    expect(live).toContain(COMPANY_LEARNER.name);
    expect(live).toContain(OTHER_LEARNER.name);
    expect(await page.getByTestId('report-as-of').count()).toBe(0);

    await page.getByTestId('report-filter-asOf').fill(pickerValue(between));
    await page.getByTestId('report-apply').click();
    await page.waitForURL(/asOf=/);
    expect(new URL(page.url()).searchParams.get('asOf')).toBe(between.toISOString());
    expect(new URL(page.url()).searchParams.get('station')).toBe(station);
    await page.getByTestId('report-as-of').waitFor();
    await expect.poll(async () => rowsOf(page)).toHaveLength(1);
    expect((await rowsOf(page))[0]).toContain(COMPANY_LEARNER.name);

    // the address alone brings the same report back (shared, reloaded)
    await page.reload();
    await page.getByTestId('report-as-of').waitFor();
    await expect.poll(async () => rowsOf(page)).toHaveLength(1);
    expect((await rowsOf(page))[0]).toContain(COMPANY_LEARNER.name);
    expect(await page.getByTestId('report-filter-asOf').inputValue()).toBe(pickerValue(between));

    // last week the portal's log was empty
    const lastWeek = new Date(Math.floor((Date.now() - 7 * 24 * 3600_000) / 1000) * 1000);
    await page.getByTestId('report-filter-asOf').fill(pickerValue(lastWeek));
    await page.getByTestId('report-apply').click();
    await page.waitForURL((url) => url.searchParams.get('asOf') === lastWeek.toISOString());
    await page.getByTestId('report-empty').waitFor();
    expect(await page.getByTestId('report-row').count()).toBe(0);
    await console.settled();
    expect(console.problems, console.problems.join('\n')).toEqual([]);
    await page.context().close();
  });
});

/** What a learner has in the station content, stations and podcast downloads reports: views and plays of the welcome video, visits of the welcome station, downloads. */
interface LearnerCounts {
  views: number;
  plays: number;
  visits: number;
  downloads: number;
}
const NOTHING: LearnerCounts = { views: 0, plays: 0, visits: 0, downloads: 0 };
const oneMore = (c: LearnerCounts): LearnerCounts => ({ views: c.views + 1, plays: c.plays + 1, visits: c.visits + 1, downloads: c.downloads + 1 });
type ReportRow = { learner: string | null; entryId?: string; stationId?: string; views?: number; plays?: number };
/** A report's rows (of a company, or every company's), as the administrator of every company reads them. */
const adminRows = async (report: string, companyId?: string): Promise<ReportRow[]> =>
  ((await (await call('admin@demo.agro', 'GET', `/api/reports/${report}?pageSize=200${companyId ? `&companyId=${companyId}` : ''}`)).json()) as { rows: ReportRow[] }).rows;
const countsOf = async (name: string, companyId?: string): Promise<LearnerCounts> => {
  const [content, stations, downloads] = await Promise.all(['station-content', 'stations', 'podcast-downloads'].map(async (report) => (await adminRows(report, companyId)).filter((r) => r.learner === name)));
  const video = content!.find((r) => r.entryId === 'bv-video');
  const welcome = stations!.find((r) => r.stationId === 'boas-vindas');
  return { views: video?.views ?? 0, plays: video?.plays ?? 0, visits: welcome?.views ?? 0, downloads: downloads!.length };
};

describe('station content, stations and podcast downloads reports of a company', () => {
  it("a company manager sees their company's learner who visited, viewed, played and downloaded, not the learner of another company, and exports the downloads", async ({ task }) => {
    const retry = task.result?.retryCount ?? 0;
    // what an earlier try of this test recorded (nothing on the first try): each count below is this try's one act more
    const before = retry === 0 ? { company: NOTHING, other: NOTHING } : { company: await countsOf(COMPANY_LEARNER.name), other: await countsOf(OTHER_LEARNER.name) };
    // the demo learner moves to another company (an administrator of every company does it)
    await call('admin@demo.agro', 'POST', '/api/manage-users/upsert', { id: OTHER_LEARNER.userId, companyId: OTHER_COMPANY });
    // a change of access ends the learner's sessions: they sign in again
    tokens.delete(OTHER_LEARNER.email);
    for (const learner of [COMPANY_LEARNER, OTHER_LEARNER]) {
      await call(learner.email, 'POST', '/api/user-store/station/boas-vindas', { visit: true, viewType: 'detail' });
      await call(learner.email, 'POST', '/api/content/view/bv-video');
      await call(learner.email, 'POST', '/api/user-store/station/boas-vindas/bv-video', { event: 'play', playSessionId: `e2e-play-${learner.name.split(' ')[0]}-${retry}`, seconds: 0, duration: 10 });
      const link = (await (await call(learner.email, 'POST', '/api/watermarkApi/media-protector', { mediaId: 'ctb-cast-01', lang: 'pt-BR' })).json()) as { url: string };
      await (await call(learner.email, 'GET', link.url)).arrayBuffer();
    }

    // the other company's learner is in each report, under their company, this try's acts counted
    // (what the manager must not see; the reports are read after their acts, which follow the company learner's)
    await expect.poll(async () => countsOf(OTHER_LEARNER.name, OTHER_COMPANY), { timeout: 15_000 }).toEqual(oneMore(before.other));
    for (const report of ['station-content', 'stations', 'podcast-downloads']) {
      expect([...new Set((await adminRows(report, OTHER_COMPANY)).map((r) => r.learner))], report).toEqual([OTHER_LEARNER.name]);
    }

    const page = await signedIn('company.manager@demo.agro', '/manager/users/stations-content-report', 'pt-BR');
    const console = watchConsole(page);
    /** The report's rows once the company learner's is there: theirs only, each of the company. */
    const companyRowsOn = async (path: string, testId: string) => {
      if (new URL(page.url()).pathname !== path) await page.goto(path);
      await page.getByTestId(testId).waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await rowsOf(page)).join('\n'), { timeout: 15_000 }).toContain(COMPANY_LEARNER.name);
      const rows = await rowsOf(page);
      for (const row of rows) expect(row, path).toContain('Cooperativa Demo');
      expect(rows.join('\n'), path).not.toContain(OTHER_LEARNER.name);
      return rows;
    };

    const content = await companyRowsOn('/manager/users/stations-content-report', 'report-station-content');
    expect(content.filter((r) => r.includes(COMPANY_LEARNER.name))).toHaveLength(1);
    const cells = await page.locator('[data-testid="report-row"]', { hasText: COMPANY_LEARNER.name }).locator('td').allTextContents();
    const headers = await page.locator('[data-testid="report-table"] th').allTextContents();
    const cell = (header: string) => cells[headers.findIndex((h) => h.replace(/[▲▼]/g, '').trim() === header)];
    // one view and one play of the welcome video (more on a retry: each try views and plays once)
    expect([cell('Visualizações'), cell('Reproduções')]).toEqual([String(before.company.views + 1), String(before.company.plays + 1)]);
    // the entry's type in words, not its code
    expect(cell('Tipo de visualização')).toBe('Vídeo');

    const stations = await companyRowsOn('/manager/users/stations-report', 'report-stations');
    expect(stations.filter((r) => r.includes(COMPANY_LEARNER.name))).toHaveLength(1);

    const downloads = await companyRowsOn('/manager/users/ctb-cast-dowload-status', 'report-podcast-downloads');
    const downloadRows = Array.from({ length: before.company.downloads + 1 }, () => COMPANY_LEARNER.name);
    expect(downloads.filter((r) => r.includes(COMPANY_LEARNER.name))).toHaveLength(downloadRows.length);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-xlsx').click()]);
    const file = await parseXlsxExport(await readFile((await download.path())!));
    expect(Object.fromEntries(file.preamble.map((l) => [l[0], l[1]]))).toMatchObject({ Relatório: 'Downloads de podcast' });
    expect(file.rows.map((r) => r[file.header.indexOf('Usuário')])).toEqual(downloadRows);
    expect(file.rows.map((r) => r[file.header.indexOf('Empresa')])).toEqual(downloadRows.map(() => 'Cooperativa Demo'));
    // the file's language in words, as on screen
    expect(file.rows.map((r) => r[file.header.indexOf('Idioma')])).toEqual(downloadRows.map(() => 'Português'));
    await console.settled();
    expect(console.problems, console.problems.join('\n')).toEqual([]);
    await page.context().close();
  });
});

describe('the ask the expert report', () => {
  it('writes a question\'s status in the reader\'s words, not its code', async ({ task }) => {
    // a title of this try's own: a retry's question is another row
    const title = `Manchas nas folhas (tentativa ${(task.result?.retryCount ?? 0) + 1})`;
    const [theme] = (await (await call(COMPANY_LEARNER.email, 'GET', '/api/expert/themes?lang=pt-BR')).json()) as { value: string; subThemes: { value: string }[] }[];
    await call(COMPANY_LEARNER.email, 'POST', '/api/expert/questions', {
      themeId: theme!.value,
      subThemeId: theme!.subThemes[0]!.value,
      phone: '+5519999990000',
      title,
      question: 'Apareceram manchas nas folhas. O que é?',
    });
    const page = await signedIn('company.manager@demo.agro', '/manager/users/expert-ask-question', 'pt-BR');
    await page.getByTestId('report-expert-questions').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await rowsOf(page)).join('\n'), { timeout: 15_000 }).toContain(title);
    const status = await page.locator('[data-testid="report-row"]', { hasText: title }).locator('td').last().textContent();
    expect(status).toBe('Aguardando');
    await page.context().close();
  });
});
