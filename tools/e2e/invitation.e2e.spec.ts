import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { usePortalAndBrowser, type Portal } from './harness.js';
import { mailTo } from './mailbox.js';
import { apiToken } from './shell-portal.js';

/**
 * The invitation of issue 14 (ADR 0050) in the browser: a company manager pre-registers a user
 * (through the API: the manager screens have their own test), the invitation mail's link opens a
 * registration filled with the pre-registered data, and the new user lands in the company.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('invitation', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const DEMO_COMPANY = '01900000-0000-7000-8000-00000000c0de';
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { companyId: string | null; roles: string[]; allowedStations: unknown; emailVerified: boolean };

describe('invitation', () => {
  it('the mail\'s link opens a filled registration; the new user lands in the company with the access the manager gave', async () => {
    const email = 'clara.vieira@example.com';
    const manager = await apiToken(portal.url, 'company.manager@demo.agro');
    const created = await fetch(`${portal.url}/api/manage-users/upsert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` },
      body: JSON.stringify({ email, name: 'Clara Vieira', country: 'BR', allowedStations: { soja: true }, lang: 'pt-BR' }),
    });
    expect(created.status).toBe(200);

    const mail = await mailTo(portal.url, email, 'invitation');
    expect(mail.subject).toContain('convidado');
    const link = new URL(/https?:\/\/\S+\/auth\/register\?\S+/.exec(mail.text)![0]);

    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url });
    const page = await context.newPage();
    await page.goto(`${link.pathname}${link.search}`);
    await expect.poll(() => page.getByTestId('register-invitation').textContent(), { timeout: 10_000 }).toContain('Cooperativa Demo');
    expect(await page.getByText('Boas-vindas, Clara Vieira').count()).toBeGreaterThan(0);
    const emailField = page.getByTestId('register-email');
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('register-country').inputValue()).toBe('BR');

    await page.getByTestId('register-password').fill('Safra#2026');
    await page.getByTestId('register-consent').check();
    const registered = page.waitForResponse((r) => r.url().endsWith('/api/createUserRegister'));
    await page.getByTestId('register-submit').click();
    const session = (await (await registered).json()) as { accessToken: string };
    // the link proved the mailbox: no verify-email step, the profile comes next with the name filled in
    await page.waitForURL((url) => url.pathname === '/account/profile');
    await expect.poll(() => page.getByTestId('profile-name').inputValue(), { timeout: 10_000 }).toBe('Clara Vieira');
    expect(claimsOf(session.accessToken)).toMatchObject({ companyId: DEMO_COMPANY, roles: ['learner'], allowedStations: { soja: true }, emailVerified: true });
    await context.close();
  });
});
