import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { apiToken, signInAt } from './shell-portal.js';

let portal: Portal;
let browser: Browser;

usePortalAndBrowser('reports-scores-companies', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const signedIn = async (email: string, path: string): Promise<Page> => {
  const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url });
  const page = await context.newPage();
  await signInAt(page, path, email);
  return page;
};

const answer = async (email: string, questionId: string, answerId: string) => {
  const token = await apiToken(portal.url, email);
  const res = await fetch(`${portal.url}/api/user-store/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ questionId, answerId, secondsToAnswer: 4, context: 'station', stationId: 'boas-vindas' }),
  });
  if (!res.ok) throw new Error(`answer of ${email} answered ${res.status}: ${await res.text()}`);
};

describe('station scores and companies reports in the browser', () => {
  it("a company manager reads the station scores of their company's learners and their company's row of the companies report", async () => {
    await answer('company.admin@demo.agro', 'boas-vindas-q1', 'boas-vindas-q1-a');
    await answer('learner@demo.agro', 'boas-vindas-q1', 'boas-vindas-q1-a');

    const page = await signedIn('company.manager@demo.agro', '/manager/users/stations-score-report');
    const console = watchConsole(page);
    await page.getByTestId('report-table').waitFor({ timeout: 15_000 });
    await expect.poll(async () => page.getByTestId('report-row').count(), { timeout: 15_000 }).toBe(1);
    // the learner of no company is not in a company manager's report
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
