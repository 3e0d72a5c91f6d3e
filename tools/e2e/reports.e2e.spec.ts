import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { apiToken, signInAt } from './shell-portal.js';

let portal: Portal;
let browser: Browser;

usePortalAndBrowser('reports', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const signedIn = async (email: string, path: string): Promise<Page> => {
  const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, acceptDownloads: true });
  const page = await context.newPage();
  await signInAt(page, path, email);
  return page;
};

/** Answers a question of the demo pack's welcome station through the API, as `email`. */
const answer = async (email: string, questionId: string, answerId: string) => {
  const token = await apiToken(portal.url, email);
  const res = await fetch(`${portal.url}/api/user-store/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ questionId, answerId, secondsToAnswer: 4, context: 'station', stationId: 'boas-vindas' }),
  });
  if (!res.ok) throw new Error(`answer of ${email} answered ${res.status}: ${await res.text()}`);
};

describe('manager reports in the browser', () => {
  it('a company manager filters the answers report, exports it as CSV and the file holds the same rows, none of another company', async () => {
    // two users of the demo company and a learner of no company answer the welcome station's questions
    await answer('company.admin@demo.agro', 'boas-vindas-q1', 'boas-vindas-q1-a');
    await answer('company.admin@demo.agro', 'boas-vindas-q2', 'boas-vindas-q2-b');
    await answer('admin@demo.agro', 'boas-vindas-q1', 'boas-vindas-q1-a');
    await answer('learner@demo.agro', 'boas-vindas-q1', 'boas-vindas-q1-a');

    const page = await signedIn('company.manager@demo.agro', '/manager/users/answers-report');
    const console = watchConsole(page);
    await page.waitForURL(/\/manager\/users\/answers-report/);
    await page.getByTestId('report-table').waitFor({ timeout: 15_000 });
    await expect.poll(async () => page.getByTestId('report-row').count(), { timeout: 15_000 }).toBe(3);
    // the learner of no company is not in a company manager's report
    expect(await page.getByTestId('report-table').textContent()).not.toContain('Ana Souza');

    // filter: the welcome station, answered from today on; the URL keeps the filters
    const today = new Date().toISOString().slice(0, 10);
    await page.getByTestId('report-filter-station').fill('boas-vindas');
    await page.getByTestId('report-filter-from').fill(today);
    await page.getByTestId('report-apply').click();
    await page.waitForURL(/station=boas-vindas/);
    await expect.poll(async () => page.getByTestId('report-row').count()).toBe(3);
    // sort by learner on the server
    await page.getByTestId('report-sort-learner').click();
    await page.waitForURL(/sort=learner/);
    const learners = await page.locator('[data-testid="report-row"] td:first-child').allTextContents();
    await expect.poll(async () => page.locator('[data-testid="report-row"] td:first-child').allTextContents()).toEqual([...learners].sort().reverse());

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-csv').click()]);
    const path = await download.path();
    const lines = parse((await readFile(path!, 'utf8')).replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
    const blank = lines.findIndex((l) => l.every((v) => v === ''));
    const preamble = Object.fromEntries(lines.slice(0, blank).map((l) => [l[0], l[1]]));
    expect(preamble).toMatchObject({ Relatório: 'Relatório de respostas', 'Cultura/estação': 'boas-vindas', De: today });
    const header = lines[blank + 1]!;
    expect(header.slice(0, 4)).toEqual(['Usuário', 'E-mail', 'Empresa', 'Estação']);
    const rows = lines.slice(blank + 2);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r[header.indexOf('Empresa')]))).toEqual(new Set(['Cooperativa Demo']));
    expect(rows.map((r) => r[0])).toEqual(await page.locator('[data-testid="report-row"] td:first-child').allTextContents());
    await console.settled();
    expect(console.problems).toEqual([]);
    await page.context().close();
  });

  it('a learner is refused the reports (403 page)', async () => {
    const page = await signedIn('learner@demo.agro', '/manager/users/answers-report');
    await page.getByTestId('error-page').waitFor();
    expect(await page.getByTestId('error-page').getAttribute('data-status')).toBe('403');
    await page.context().close();
  });
});
