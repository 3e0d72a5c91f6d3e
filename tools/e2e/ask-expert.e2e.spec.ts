import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, type Portal } from './harness.js';
import { signInAt } from './shell-portal.js';

/**
 * Ask the expert in the browser (ADR 0072): a learner asks from the learner area, the demo's
 * expert (tc.admin@demo.agro, soybean and corn) answers from the queue, and the learner, still on
 * the page, is notified and reads the answer.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('ask-expert', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

async function signedIn(path: string, email: string, locale = 'pt-BR'): Promise<Page> {
  const context = await browser.newContext({ locale, baseURL: portal.url });
  const page = await context.newPage();
  await signInAt(page, path, email);
  return page;
}

async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('ask the expert', () => {
  it('a learner asks, the expert answers from the queue, the learner is notified and sees the answer', async () => {
    const title = `Manchas nas folhas ${Date.now()}`;
    const learner = await signedIn('/ask-expert', 'learner@demo.agro');
    await learner.getByTestId('ask-expert-form').waitFor({ timeout: 15_000 });
    // reachable from the learner menu
    await expect.poll(async () => learner.getByTestId('menu-ask-expert').count(), { timeout: 15_000 }).toBe(1);

    // the sub-theme select waits for a theme, then offers only that theme's sub-themes
    expect(await learner.getByTestId('ask-sub-theme').isDisabled()).toBe(true);
    await choose(learner, 'ask-theme', 'Soja');
    await choose(learner, 'ask-sub-theme', 'Ferrugem-asiática');
    await learner.getByTestId('ask-phone').fill('(19) 99999-0000');
    await learner.getByTestId('ask-title').fill(title);
    await learner.getByTestId('ask-question').fill('Apareceram manchas marrons nas folhas da soja. É ferrugem?');
    await learner.getByTestId('ask-submit').click();
    const mine = learner.getByTestId('my-questions');
    await expect.poll(async () => mine.textContent(), { timeout: 15_000 }).toContain(title);
    expect(await mine.textContent()).toContain('Aguardando');

    const expert = await signedIn('/ask-expert/queue', 'tc.admin@demo.agro');
    await expect.poll(async () => expert.getByTestId('menu-expert-queue').count(), { timeout: 15_000 }).toBe(1);
    const card = expert.locator('[data-testid^="question-"][data-status="open"]', { hasText: title });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('+5519999990000');
    await card.getByTestId('answer-response').fill('Sim, é ferrugem-asiática. Aplique fungicida no início dos sintomas.');
    // the learner's notice may come and go while the expert's page refreshes: watch for it from now
    const notice = learner.getByTestId('expert-answer-notice').waitFor({ timeout: 30_000 });
    await card.getByTestId('answer-send').click();
    await expect.poll(async () => expert.locator('[data-testid^="question-"]', { hasText: title }).count(), { timeout: 15_000 }).toBe(0);

    // the learner, still on the page, hears of it at once and reads the answer with who answered
    await notice;
    expect(await learner.getByTestId('expert-answer-notice').textContent()).toContain(title);
    const answered = learner.locator('[data-testid^="question-"][data-status="answered"]', { hasText: title });
    await answered.waitFor({ timeout: 15_000 });
    expect(await answered.getByTestId('question-response').textContent()).toContain('Aplique fungicida');
    expect(await answered.getByTestId('question-response').textContent()).toContain('Elena Torres');

    // the queue's answered filter keeps it
    await expert.getByTestId('queue-status').getByText('Respondidas').click();
    await expect.poll(async () => expert.getByTestId('expert-queue').textContent(), { timeout: 15_000 }).toContain(title);
    await learner.context().close();
    await expert.context().close();
  });

  it('someone who answers no theme has no queue entry and the queue answers 403', async () => {
    const page = await signedIn('/home', 'company.manager@demo.agro');
    await expect.poll(async () => page.getByTestId('menu-ask-expert').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('menu-expert-queue').count()).toBe(0);
    await page.goto('/ask-expert/queue');
    await expect.poll(async () => page.locator('body').textContent(), { timeout: 15_000 }).toContain('403');
    await page.context().close();
  });
});
