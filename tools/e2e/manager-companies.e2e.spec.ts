import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, type Portal } from './harness.js';
import { signInAt } from './shell-portal.js';

let portal: Portal;
let browser: Browser;

usePortalAndBrowser('manager-companies', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const HORIZONTE = '01900000-0000-7000-8000-00000000c0d1';
const COOPERATIVA = '01900000-0000-7000-8000-00000000c0de';

async function signedIn(path: string, email: string, locale = 'pt-BR'): Promise<Page> {
  const context = await browser.newContext({ locale, baseURL: portal.url });
  const page = await context.newPage();
  await signInAt(page, path, email);
  return page;
}

describe('companies and reference data in the browser', () => {
  it('an administrator of all companies finds a company without accents and gives it a domain', async () => {
    const page = await signedIn('/manager/users/companies', 'admin@demo.agro');
    // a child of the /manager/users layout: its heading and tabs, the companies tab chosen, one heading
    await expect.poll(async () => page.getByTestId('manager-tab-companies').getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Gerenciar usuários']);
    await page.getByTestId('companies-search').fill('agropecuaria');
    const row = page.getByTestId(`company-row-${HORIZONTE}`);
    await expect.poll(async () => row.textContent(), { timeout: 15_000 }).toContain('Somente por convite');
    expect(await page.getByTestId(`company-row-${COOPERATIVA}`).count()).toBe(0);

    await page.getByTestId(`company-edit-${HORIZONTE}`).click();
    const domains = page.getByTestId('company-domains');
    await domains.fill('horizonte-agro.com.br');
    await domains.press('Enter');
    await page.getByTestId('company-save').click();
    await expect.poll(async () => page.getByTestId('company-form').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => row.textContent(), { timeout: 15_000 }).toContain('horizonte-agro.com.br');
    await page.context().close();
  });

  it('the administrator adds a region in three languages and retires it', async () => {
    const page = await signedIn('/manager/reference-data?list=regions', 'admin@demo.agro', 'en-US');
    await expect.poll(async () => page.getByTestId('reference-table').textContent(), { timeout: 15_000 }).toContain('Centro-Oeste');
    await page.getByTestId('reference-add').click();
    await page.getByTestId('reference-label-pt-BR').fill('Sul de Minas');
    await page.getByTestId('reference-label-es').fill('Sur de Minas');
    await page.getByTestId('reference-label-en').fill('Southern Minas');
    await page.getByTestId('reference-save').click();
    const table = page.getByTestId('reference-table');
    await expect.poll(async () => table.textContent(), { timeout: 15_000 }).toContain('Southern Minas');
    const row = page.locator('[data-testid^="reference-row-"]', { hasText: 'Sul de Minas' });
    await row.locator('[data-testid^="reference-retire-"]').click();
    await page.getByTestId('reference-retire-confirm').click();
    await expect.poll(async () => row.locator('[data-testid^="reference-retire-"]').count(), { timeout: 15_000 }).toBe(0);
    await page.context().close();
  });

  it('a company manager sees their own company read-only and no reference data screen', async () => {
    const page = await signedIn('/manager/users/companies', 'company.manager@demo.agro');
    await expect.poll(async () => page.getByTestId('company-details').textContent(), { timeout: 15_000 }).toContain('Cooperativa Demo');
    expect(await page.getByTestId('company-add').count()).toBe(0);
    await page.goto('/manager/reference-data');
    await expect.poll(async () => page.locator('body').textContent(), { timeout: 15_000 }).toContain('403');
    expect(await page.getByTestId('reference-table').count()).toBe(0);
    await page.context().close();
  });
});
