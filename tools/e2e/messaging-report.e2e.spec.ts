import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messagingSignatureOf, sampleInboundDelivery, sampleReplyDelivery } from '@portal/engagement/application';
import { explainFailures, launchBrowser, startPortal, type Portal } from './harness.js';
import { signInAt } from './shell-portal.js';

const SECRET = 'e2e-messaging-app-secret-0123456789';
let portal: Portal;
let browser: Browser;

explainFailures('messaging-report', () => browser, () => portal?.output() ?? '');
beforeAll(async () => {
  portal = await startPortal({ MESSAGING_APP_SECRET: SECRET, MESSAGING_VERIFY_TOKEN: 'e2e-verify-token' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A delivery signed as the platform signs it, POSTed to the webhook. */
const deliver = async (delivery: unknown) => {
  const body = JSON.stringify(delivery);
  const res = await fetch(`${portal.url}/api/messaging/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': messagingSignatureOf(SECRET, body) }, body });
  if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
};

const signedIn = async (email: string, path: string): Promise<Page> => {
  const context = await browser.newContext({ locale: 'en', baseURL: portal.url });
  const page = await context.newPage();
  await signInAt(page, path, email);
  return page;
};

describe('the messaging report in the browser', () => {
  it('a manager with manage_whatsapp reads a phone\'s message and our reply; a company manager without it has no tab and is refused', async () => {
    const phone = '5599988887777';
    await deliver(sampleInboundDelivery({ id: 'wamid.e2e-in', from: phone, text: 'When is the next field day?', at: new Date(Date.now() - 60_000).toISOString(), name: 'Field visitor' }));
    await deliver(sampleReplyDelivery({ id: 'wamid.e2e-out', to: phone, text: 'Next Tuesday at 9', at: new Date().toISOString() }));

    const page = await signedIn('admin@demo.agro', '/manager/users/whatsapp-messages');
    await page.waitForURL(/\/manager\/users\/whatsapp-messages/);
    await page.getByTestId('report-table').waitFor({ timeout: 15_000 });
    await expect.poll(async () => page.getByTestId('report-table').textContent(), { timeout: 15_000 }).toContain('When is the next field day?');
    const table = (await page.getByTestId('report-table').textContent()) ?? '';
    expect(table).toContain('Next Tuesday at 9');
    expect(table).toContain(`+${phone}`);
    await page.getByTestId('manager-tab-whatsapp-messages').waitFor();

    const manager = await signedIn('company.manager@demo.agro', '/manager/users/answers-report');
    await manager.getByTestId('manager-tab-answers-report').waitFor({ timeout: 15_000 });
    expect(await manager.getByTestId('manager-tab-whatsapp-messages').count()).toBe(0);
    await manager.goto('/manager/users/whatsapp-messages');
    await expect.poll(async () => manager.getByTestId('report-table').count()).toBe(0);
    await expect.poll(async () => (await manager.locator('body').textContent()) ?? '').toMatch(/403|Unable to access/i);
  });
});
