import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { explainFailures, launchBrowser, startPortal, type Portal } from './harness.js';

/**
 * Issue 13, what a Spanish or English reader sees: card pictures labelled in their language, one
 * word for the journeys, one product name from configuration (PRODUCT_NAME), footer links to the
 * portal's own pages.
 */
let portal: Portal;
let browser: Browser;

explainFailures('learner-words', () => browser, () => portal?.output() ?? '');

const PRODUCT = 'Campo Escola';

beforeAll(async () => {
  portal = await startPortal({ PRODUCT_NAME: PRODUCT, RATE_LIMIT_MAX: '100000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const signedIn = async (locale: string, language: string): Promise<Page> => {
  const context = await browser.newContext({ locale, baseURL: portal.url, viewport: { width: 1280, height: 900 } });
  // the reader's chosen language (the cookie wins over the demo profile's pt-BR)
  await context.addCookies([{ name: 'i18n_lang', value: language, url: portal.url }]);
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByTestId('signin-email').fill('learner@demo.agro');
  await page.getByTestId('signin-password').fill('Demo#2026');
  await page.getByTestId('signin-submit').click();
  await page.waitForURL('**/home');
  return page;
};

const OTHER_NAMES = /Portal Agro|Portal de Aprendiza|Agro Learning Portal|Agro Portal/;

describe('words on the learner screens', () => {
  it('es: crop cards are labelled in Spanish over text-free pictures, the journeys are "Trayectos", the product has its configured name', async () => {
    const page = await signedIn('es-ES', 'es');
    // the side menu of /home names the product as configured, and nothing names it otherwise
    await poll(() => page.locator('body').textContent()).toContain(PRODUCT);
    expect(await page.locator('body').textContent()).not.toMatch(OTHER_NAMES);

    await page.goto('/training');
    const kicker = page.locator('[data-testid^="station-card-"] [data-testid="thumb-kicker"]').first();
    await poll(() => kicker.textContent()).toBe('Cultivo');
    const card = page.locator('[data-testid^="station-card-"]').first();
    const title = await card.locator('[data-testid="thumb-title"]').textContent();
    expect(await card.textContent()).toContain(title!);
    expect(await page.locator('[data-testid="thumb-kicker"]').allTextContents()).not.toContain('Cultura');

    await page.goto('/journey');
    await poll(() => page.getByTestId('journey-brand').textContent()).toBe('Trayectos de aprendizaje');
    expect(await page.title()).not.toMatch(OTHER_NAMES);
    await page.context().close();
  });

  it('en: the public footer links to our own About, Terms, Privacy and Company pages', async () => {
    const context = await browser.newContext({ locale: 'en-US', baseURL: portal.url });
    const page = await context.newPage();
    await page.goto('/br/sobre');
    const footer = page.getByTestId('public-footer');
    await footer.waitFor();
    expect(await page.getByTestId('footer-terms').getAttribute('href')).toBe('/br/termos-de-uso');
    expect(await page.getByTestId('footer-privacy').getAttribute('href')).toBe('/br/privacidade');
    expect(await page.getByTestId('footer-about').getAttribute('href')).toBe('/br/sobre');
    expect(await page.getByTestId('footer-company').getAttribute('href')).toBe('/br/empresa');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} ${PRODUCT}`);
    await page.getByTestId('footer-terms').click();
    await page.waitForURL('**/br/termos-de-uso');
    await poll(() => page.locator('h1').first().textContent()).toBe('Terms of use');
    await context.close();
  });
});
