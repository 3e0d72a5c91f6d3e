import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { playVideoToEnd } from './players.js';
import { signIn, signInAt, useShellPortalAndBrowser, type RestartablePortal } from './shell-portal.js';

/**
 * A learner's first session on a 1366x768 desktop (issue 26, items 10 to 12): at most one
 * blocking dialog in the visit, the others inline or later (ADR 0082); the badge above a crop's
 * bar agrees with the bar; a forbidden page has the way home; one menu entry per destination.
 */
let portal: RestartablePortal;
let browser: Browser;
const poll = expect.poll;

useShellPortalAndBrowser('first session', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const desktop = async (): Promise<Page> => (await browser.newContext({ baseURL: portal.url, locale: 'pt-BR', viewport: { width: 1366, height: 768 } })).newPage();

/** The blocking dialogs open now (Mantine modals), by their content's test id. */
const openDialogs = (page: Page): Promise<string[]> =>
  page.locator('.mantine-Modal-content:visible').evaluateAll((modals) => modals.map((m) => m.querySelector('[data-testid]')?.getAttribute('data-testid') ?? '?'));

/** Closes a blocking dialog the way its reader does: its one confirming button. */
const CONFIRM: Record<string, string> = {
  'home-alert-modal': 'home-alert-confirm',
  'home-video-modal': 'home-video-ok',
  'welcome-university': 'welcome-university-ok',
  'welcome-journey': 'welcome-journey-ok',
};

describe('a first session', () => {
  it('shows at most one blocking dialog; the welcomes of /training and /journey are notes on the page', async () => {
    const page = await desktop();
    await signIn(page, 'learner@demo.agro');
    const seen: string[] = [];
    for (const [path, ready] of [
      ['/home', 'home-title'],
      ['/training', 'training-header'],
      ['/journey', 'journey-header'],
      ['/home', 'home-title'],
    ] as const) {
      if (new URL(page.url()).pathname !== path) await page.goto(path);
      await page.getByTestId(ready).waitFor();
      // the dialogs of a page open once its data is there
      await page.waitForTimeout(1500);
      for (const dialog of await openDialogs(page)) {
        seen.push(`${path}: ${dialog}`);
        await page.getByTestId(CONFIRM[dialog] ?? 'no-such-button').click();
        await page.locator('.mantine-Modal-content:visible').waitFor({ state: 'detached' });
      }
      if (path === '/training') await page.getByTestId('welcome-university-inline').waitFor();
      if (path === '/journey') await page.getByTestId('welcome-journey-inline').waitFor();
    }
    expect(seen).toEqual(['/home: home-alert-modal']);
    // the inline welcome's "Got it" stores the flag as the dialog's did
    const stored = page.waitForRequest((r) => r.url().endsWith('/api/user-store/flag') && r.method() === 'POST');
    await page.goto('/journey');
    await page.getByTestId('welcome-journey-ok').click();
    expect(JSON.parse((await stored).postData() ?? '{}')).toEqual({ key: 'journeyWelcome', value: true });
    await page.getByTestId('welcome-journey-inline').waitFor({ state: 'detached' });

    // a later visit (a new tab session, the same sign-in): the first-video invitation that waited
    const later = await page.context().newPage();
    await later.goto('/home');
    await later.getByTestId('home-video-modal').waitFor();
    expect(await openDialogs(later)).toEqual(['home-video-modal']);
    await page.context().close();
  });
});

describe('the badge above a crop\'s bar (issue 26)', () => {
  it('after the intro video of /training/soja it does not say every content is completed while the bar says 1 of 7', async () => {
    const page = await desktop();
    await signInAt(page, '/training/soja', 'learner@demo.agro');
    await playVideoToEnd(page, 'soja', 'soja-intro');
    await page.reload();
    const badge = page.getByTestId('station-completed');
    await badge.waitFor();
    expect(await page.locator('[data-progress-status]').first().getAttribute('data-progress-status')).toBe('in-progress');
    expect(await badge.textContent()).toBe('Vídeos desta página assistidos');
    expect((await page.getByTestId('station-page').textContent()) ?? '').not.toContain('Todos os conteúdos concluídos');
    await page.context().close();
  });
});

describe('dead ends and double entries (issue 26)', () => {
  it('a forbidden page offers the way home as well as the reload', async () => {
    for (const [email, path] of [
      ['learner@demo.agro', '/scheduled-events'],
      ['company.manager@demo.agro', '/manager/reference-data'],
    ] as const) {
      const page = await desktop();
      // the forbidden screen keeps its address
      await signInAt(page, path, email);
      const error = page.getByTestId('error-page');
      await error.waitFor();
      expect(await error.getAttribute('data-status')).toBe('403');
      await page.getByTestId('error-reload').waitFor();
      await page.getByTestId('error-home').click();
      await page.waitForURL((url) => url.pathname === '/home');
      await page.context().close();
    }
  });

  it('the learner\'s pages have one entry per destination: /training once, not as "Universidade" and "Treinamentos"', async () => {
    const page = await desktop();
    await signInAt(page, '/feed/history', 'learner@demo.agro');
    await page.getByTestId('side-menu').waitFor();
    await page.getByTestId('nav-feed').waitFor();
    const training = page.locator('a[href="/training"]:visible');
    await poll(() => training.count()).toBe(1);
    expect(await training.textContent()).toBe('Universidade');
    await page.context().close();
  });
});
