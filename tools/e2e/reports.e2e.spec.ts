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

/** The `code` of an error answer's JSON body (undefined when it is not one). */
const errorCodeOf = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

/**
 * Answers a question of the demo pack's welcome station through the API, as `email`. A question
 * takes one answer: on a retry of the test (`retry` > 0) the answer the earlier try recorded is
 * answered 409 answer-already-recorded, which is the state the test needs; the first try accepts
 * only a recorded answer.
 */
const answer = async (email: string, questionId: string, answerId: string, retry: number) => {
  const token = await apiToken(portal.url, email);
  const res = await fetch(`${portal.url}/api/user-store/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ questionId, answerId, secondsToAnswer: 4, context: 'station', stationId: 'boas-vindas' }),
  });
  if (res.ok) return;
  const body = await res.text();
  const recordedBefore = retry > 0 && res.status === 409 && errorCodeOf(body) === 'answer-already-recorded';
  if (!recordedBefore) throw new Error(`answer of ${email} answered ${res.status}: ${body}`);
};

describe('manager reports in the browser', () => {
  it('a company manager filters the answers report, exports it as CSV and the file holds the same rows, none of another company', async ({ task }) => {
    // two users of the demo company and a learner of no company answer the welcome station's questions
    // (a retry of this test finds them answered: the same four answers, the same rows)
    const retry = task.result?.retryCount ?? 0;
    await answer('company.admin@demo.agro', 'boas-vindas-q1', 'boas-vindas-q1-a', retry);
    await answer('company.admin@demo.agro', 'boas-vindas-q2', 'boas-vindas-q2-b', retry);
    await answer('admin@demo.agro', 'boas-vindas-q1', 'boas-vindas-q1-a', retry);
    await answer('learner@demo.agro', 'boas-vindas-q1', 'boas-vindas-q1-a', retry);

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
    // the router writes the address before the screen renders it (a transition): the chart asks for
    // its figures once the screen shows the new filters, and only then does a click on a header
    // sort the filtered report (a click in between sorted the unfiltered one)
    const filtered = page.waitForResponse((res) => res.url().includes('/api/reports/answers/trend') && new URL(res.url()).searchParams.get('station') === 'boas-vindas');
    await page.getByTestId('report-apply').click();
    await page.waitForURL(/station=boas-vindas/);
    await filtered;
    await expect.poll(async () => page.getByTestId('report-row').count()).toBe(3);
    // sort by learner on the server; the header says so once the screen shows it
    await page.getByTestId('report-sort-learner').click();
    await page.waitForURL(/sort=learner/);
    await page.locator('th[aria-sort="descending"]', { has: page.getByTestId('report-sort-learner') }).waitFor();
    const learners = await page.locator('[data-testid="report-row"] td:first-child').allTextContents();
    await expect.poll(async () => page.locator('[data-testid="report-row"] td:first-child').allTextContents()).toEqual([...learners].sort().reverse());

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-csv').click()]);
    const path = await download.path();
    const lines = parse((await readFile(path!, 'utf8')).replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
    const blank = lines.findIndex((l) => l.every((v) => v === ''));
    const preamble = Object.fromEntries(lines.slice(0, blank).map((l) => [l[0], l[1]]));
    expect(preamble).toMatchObject({ Relatório: 'Relatório de respostas', 'Cultura/estação': 'Boas-vindas (boas-vindas)', De: today });
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

describe('station scores and companies reports in the browser', () => {
  it("a company manager reads the station scores of their company's learners and their company's row of the companies report", async () => {
    // the answers given in the answers report's test above (two users of the demo company, a learner of none)
    const page = await signedIn('company.manager@demo.agro', '/manager/users/stations-score-report');
    const console = watchConsole(page);
    await page.getByTestId('report-table').waitFor({ timeout: 15_000 });
    await expect.poll(async () => page.getByTestId('report-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // only the company's learners: the learner of no company is not there
    for (const row of await page.getByTestId('report-row').allTextContents()) expect(row).toContain('Cooperativa Demo');
    expect(await page.getByTestId('report-table').textContent()).not.toContain('Ana Souza');

    await page.goto('/manager/users/companies-report');
    await page.getByTestId('report-companies-report').waitFor();
    await expect.poll(async () => page.getByTestId('report-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('report-row').first().textContent()).toContain('Cooperativa Demo');
    await console.settled();
    expect(console.problems).toEqual([]);
    await page.context().close();
  });
});
