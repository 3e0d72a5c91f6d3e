import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { apiToken, signInAt } from './shell-portal.js';

let portal: Portal;
let browser: Browser;

usePortalAndBrowser('audit', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

describe("the auditor's area in the browser (issue 16, ADR 0071)", () => {
  it("an auditor finds a learner's answer, sees its timeline and verified chain, verifies the whole log and exports the trail", async () => {
    // the learner answers a question of the demo content through the API, from a browser the server sees
    const learner = await apiToken(portal.url, 'learner@demo.agro');
    const answered = await fetch(`${portal.url}/api/user-store/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${learner}`, 'user-agent': 'AuditE2E/1.0' },
      body: JSON.stringify({ questionId: 'boas-vindas-q1', answerId: 'boas-vindas-q1-a', secondsToAnswer: 4, context: 'station', stationId: 'boas-vindas', origin: 'web' }),
    });
    // 409 answer-already-recorded: a retry of this test after the answer was stored
    expect([200, 201, 409]).toContain(answered.status);

    const context = await browser.newContext({ locale: 'en-US', baseURL: portal.url, acceptDownloads: true });
    const page = await context.newPage();
    const console = watchConsole(page);
    await signInAt(page, '/audit', 'auditor@demo.agro');
    await page.getByTestId('audit-title').waitFor();

    await page.getByTestId('audit-kind-answer').click();
    await page.getByTestId('audit-search-input').fill('learner@demo.agro');
    await page.getByTestId('audit-search-submit').click();
    const result = page.getByTestId('audit-result').first();
    await result.waitFor({ timeout: 15_000 });
    // the answer reads in words (issue 26 item 8): the question, the station, the learner and the option
    expect(await result.textContent()).toContain('Where do you find content you started but did not finish? · Welcome');
    expect(await result.textContent()).toContain('In Continue watching');
    await result.click();
    await page.waitForURL(/\/audit\/answer\//);

    const submitted = page.locator('[data-testid="audit-event"][data-type="AnswerSubmitted"]');
    await submitted.first().waitFor({ timeout: 15_000 });
    const chain = page.locator('[data-testid="audit-chain"][data-stream^="assessment.learner-"]');
    expect(await chain.getAttribute('data-verified')).toBe('true');
    // a fresh answer waits for the next checkpoint: the chain is intact, not sealed yet (item 17)
    expect(await chain.textContent()).toMatch(/verified up to|chain intact/);
    // who, from where, correlation and causation, and the data as stored
    await submitted.first().getByTestId('audit-event-toggle').click();
    const details = page.getByTestId('audit-event-details');
    await details.waitFor();
    const text = (await details.textContent()) ?? '';
    expect(text).toContain('AuditE2E/1.0');
    expect(text).toContain('Correlation');
    expect(await page.getByTestId('audit-event-data').textContent()).toContain('"questionId": "boas-vindas-q1"');

    // the whole log verifies from the screen
    await page.getByTestId('audit-verify-start').click();
    await expect.poll(async () => page.getByTestId('audit-verify-status').getAttribute('data-status'), { timeout: 60_000 }).toBe('passed');
    expect(await page.getByTestId('audit-verify-result').textContent()).toContain('The log verifies');

    // the trail downloads as CSV, and the export is recorded on the trail
    const download = page.waitForEvent('download');
    await page.getByTestId('audit-export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-answer-.+\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\n')[0]).toMatch(/^position,recordedAt,streamId,revision,type,eventId,actor,by,origin,ip,userAgent/);
    expect(csv).toContain('AnswerSubmitted');
    await page.getByTestId('audit-export-done').waitFor();
    await expect.poll(async () => page.locator('[data-testid="audit-event"][data-type="AuditTrailExported"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await console.settled();
    expect(console.problems).toEqual([]);
    await context.close();
  });

  it('a learner is refused the auditor area (403 page)', async () => {
    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url });
    const page = await context.newPage();
    await signInAt(page, '/audit', 'learner@demo.agro');
    await page.getByTestId('error-page').waitFor();
    expect(await page.getByTestId('error-page').getAttribute('data-status')).toBe('403');
    await context.close();
  });
});
