import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { explainFailures, launchBrowser } from './harness.js';
import { openSearchWithSlash, signIn, startRestartablePortal, type RestartablePortal } from './shell-portal.js';

/**
 * Accessibility (issue 6): every main page, and the shell's dialogs, pass axe-core (WCAG 2.1 A
 * and AA rules) with no serious or critical violation, in the system Chromium of harness.ts.
 */
let portal: RestartablePortal;
let browser: Browser;
let guest: BrowserContext;
let learner: BrowserContext;
let page: Page;

interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

const seriousViolations = async (target: Page): Promise<Finding[]> => {
  const results = await new AxeBuilder({ page: target }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
};

/** A failure names each rule's elements (axe's targets), not just the rule. */
const expectNoSeriousViolations = (findings: Finding[]): void => expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);

/** Opens a page and waits until the screen (not the loader) is there. */
const open = async (target: Page, path: string, ready: string): Promise<void> => {
  await target.goto(path);
  await target.locator(ready).first().waitFor();
  // transitions (menus, modals) settle
  await target.waitForTimeout(400);
};

explainFailures('a11y', () => browser, () => portal?.output() ?? '');

beforeAll(async () => {
  portal = await startRestartablePortal();
  browser = await launchBrowser();
  guest = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 1280, height: 900 } });
  learner = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 1280, height: 900 } });
  page = await learner.newPage();
  await signIn(page, 'learner@demo.agro');
  await page.getByTestId('home-alert-confirm').click();
  await page.getByTestId('home-alert-modal').waitFor({ state: 'detached' });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('axe on the public pages', () => {
  it.each([
    ['/', '[data-testid="public-header"]'],
    ['/auth', '[data-testid="signin-email"]'],
    ['/auth/register', '[data-testid="register-email"]'],
    ['/auth/reset-password', '[data-testid="reset-request-email"]'],
    ['/br', '[data-testid="public-page-title"]'],
    ['/br/articles', '[data-testid="public-page-title"]'],
    ['/br/content/i2x', '[data-testid="public-page-title"]'],
    ['/tour/ctb_2021', '[data-testid="public-page-title"]'],
    ['/ar/content/ambiente-y-densidad', '[data-testid="public-page-title"]'],
    ['/no/such/page', '[data-testid="error-page"]'],
  ])('%s', async (path, ready) => {
    const visitor = await guest.newPage();
    await open(visitor, path, ready);
    expectNoSeriousViolations(await seriousViolations(visitor));
    await visitor.close();
  });
});

describe('axe on the signed-in pages', () => {
  it.each([
    ['/home', '[data-testid="home-title"]'],
    ['/feed/history', '[data-testid="side-menu"]'],
    ['/feed/bookmarks', '[data-testid="side-menu"]'],
    ['/station/boas-vindas', '[data-testid="station-title"]'],
    ['/training', '[data-testid="training-header"]'],
    ['/training/soja/soja-plantio', '[data-testid="station-title"]'],
    ['/journey', '[data-testid="journey-header"]'],
    ['/journey/ctb_cast', '[data-testid="station-title"]'],
    ['/courses?toggleScormTest=true', '[data-testid="side-menu"]'],
    ['/account/profile', '[data-testid="profile-save"]'],
    ['/br', '[data-testid="public-page-title"]'],
  ])('%s', async (path, ready) => {
    await open(page, path, ready);
    expectNoSeriousViolations(await seriousViolations(page));
    // the welcome dialogs of the journey and training homes are read, then stored
    for (const kind of ['journey', 'university']) {
      const ok = page.getByTestId(`welcome-${kind}-ok`);
      if (await ok.count()) await ok.click();
    }
  });
});

describe('axe on the shell dialogs, reachable by keyboard', () => {
  it('search dialog ("/"), with results', async () => {
    await open(page, '/feed/history', '[data-testid="header-search"]');
    await openSearchWithSlash(page);
    await page.keyboard.type('soja');
    await page.locator('[data-testid^="search-result-"]').first().waitFor();
    expectNoSeriousViolations(await seriousViolations(page));
    await page.keyboard.press('Escape');
  });

  it('support dialog (F1) with its validation messages', async () => {
    // each test opens its page: a retry must not start inside the last test's dialog
    await open(page, '/feed/history', '[data-testid="header-search"]');
    await page.keyboard.press('F1');
    await page.getByTestId('support-dialog').waitFor();
    await page.getByTestId('support-submit').click();
    await page.waitForTimeout(300);
    expectNoSeriousViolations(await seriousViolations(page));
    await page.keyboard.press('Escape');
  });

  it('notifications sidebar, apps drawer and NPS panel', async () => {
    await open(page, '/feed/history', '[data-testid="header-search"]');
    await page.getByTestId('notifications-button').click();
    await page.getByTestId('notifications-sidebar').waitFor();
    await page.waitForTimeout(300);
    expectNoSeriousViolations(await seriousViolations(page));
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-apps').click();
    await page.getByTestId('apps-drawer').waitFor();
    await page.waitForTimeout(300);
    expectNoSeriousViolations(await seriousViolations(page));
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-nps').click();
    await page.getByTestId('nps-drawer').waitFor();
    await page.waitForTimeout(300);
    expectNoSeriousViolations(await seriousViolations(page));
    await page.keyboard.press('Escape');
  });

  it('the side menu is reachable with Tab from the skip link', async () => {
    await open(page, '/feed/history', '[data-testid="side-menu"]');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#main');
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'menu-station-soja';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/training/soja');
  });

  it('mobile: the menu drawer', async () => {
    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true });
    const mobile = await context.newPage();
    await signIn(mobile, 'learner@demo.agro');
    await open(mobile, '/feed/history', '[data-testid="menu-toggle"]');
    expectNoSeriousViolations(await seriousViolations(mobile));
    await mobile.getByTestId('menu-toggle').click();
    await mobile.getByTestId('side-menu-items').waitFor();
    await mobile.waitForTimeout(300);
    expectNoSeriousViolations(await seriousViolations(mobile));
    await context.close();
  });
});
