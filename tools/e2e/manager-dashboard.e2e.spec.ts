import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { signInAt } from './shell-portal.js';

let portal: Portal;
let browser: Browser;

usePortalAndBrowser('manager-dashboard', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const DEMO_COMPANY = '01900000-0000-7000-8000-00000000c0de';

const signedIn = async (email: string, path: string): Promise<Page> => {
  const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url });
  const page = await context.newPage();
  await signInAt(page, path, email);
  return page;
};

describe('manager dashboard in the browser', () => {
  it("a company manager sees their company's figures, the weekly chart and the crops, and a figure opens the filtered user list", async () => {
    const page = await signedIn('company.manager@demo.agro', '/manager/dashboard');
    const console = watchConsole(page);
    await page.waitForURL(/\/manager\/dashboard/);
    await expect.poll(async () => page.getByTestId('dashboard-title').textContent(), { timeout: 15_000 }).toBe('Painel');
    expect(await page.getByTestId('dashboard-company').textContent()).toBe('Cooperativa Demo');
    // the demo company has its manager, its two admins and two pre-registered users (ADR 0050),
    // none of whom has started a content
    expect(await page.getByTestId('dashboard-total-value').textContent()).toBe('5');
    expect(await page.getByTestId('dashboard-neverStarted-value').textContent()).toBe('5');
    // a scoped manager has no company picker
    expect(await page.getByTestId('dashboard-company-picker').count()).toBe(0);
    // the chart is drawn (twelve weeks) and its figures are there as a table for screen readers
    await page.locator('[data-testid="dashboard-activity"] svg.recharts-surface').first().waitFor();
    expect(await page.locator('[data-testid="dashboard-activity-table"] tbody tr').count()).toBe(12);
    expect(await page.getByTestId('dashboard-crop-soja').textContent()).toContain('Soja');
    expect(await page.getByTestId('dashboard-crop-soja-score').textContent()).toBe('–');
    expect(await page.locator('[data-testid^="dashboard-leastStarted-"]').count()).toBe(5);
    await console.settled();
    expect(console.problems).toEqual([]);

    await page.getByTestId('dashboard-neverStarted').click();
    await page.waitForURL(/\/manager\/users\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ companyId: DEMO_COMPANY, neverStarted: 'true' });
    await page.context().close();
  });

  it('a manage_all_companies holder gets the company picker', async () => {
    const page = await signedIn('admin@demo.agro', '/manager/dashboard');
    await page.waitForURL(/\/manager\/dashboard/);
    await page.getByTestId('dashboard-company-picker').waitFor();
    expect(await page.getByTestId('dashboard-company-picker').inputValue()).toBe('Cooperativa Demo');
    await page.context().close();
  });

  it('a learner is refused the dashboard (403 page)', async () => {
    const page = await signedIn('learner@demo.agro', '/manager/dashboard');
    await page.waitForURL(/\/manager\/dashboard/);
    await page.getByTestId('error-page').waitFor();
    expect(await page.getByTestId('error-page').getAttribute('data-status')).toBe('403');
    await page.context().close();
  });
});
