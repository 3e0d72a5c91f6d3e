import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, type Portal } from './harness.js';

let portal: Portal;
let browser: Browser;

usePortalAndBrowser('auth', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const newPage = async (locale = 'pt-BR'): Promise<Page> => {
  const context = await browser.newContext({ locale, baseURL: portal.url });
  return context.newPage();
};

describe('first slice in the browser', () => {
  it('registers a new user, lands on the verify-email screen, and switches language (saved to the profile)', async () => {
    const page = await newPage('pt-BR');
    await page.goto('/auth/register');
    await page.getByTestId('register-email').fill('lucia.ferreira@example.com');
    await page.getByTestId('register-password').fill('Safra#2026');
    await page.getByTestId('register-country').selectOption('BR');
    await page.getByTestId('register-consent').check();
    await page.getByTestId('register-submit').click();
    // 000 §2.2: a signed-in user with an unverified e-mail is sent to the verify-email screen.
    await page.waitForURL((url) => url.pathname === '/account/verify-email');
    await expect.poll(() => page.getByTestId('verify-email-address').textContent(), { timeout: 10_000 }).toBe('lucia.ferreira@example.com');
    expect(await page.getByTestId('verify-email-title').textContent()).toBe('Verifique seu e-mail');

    // A signed-in user's choice is also saved to the profile (POST /api/updateUserProfile {lang}).
    const savedEs = page.waitForResponse((r) => r.url().endsWith('/api/updateUserProfile'));
    await page.getByTestId('language-picker').click();
    await page.getByTestId('lang-es').click();
    await expect.poll(() => page.getByTestId('verify-email-title').textContent()).toBe('Verifica tu correo');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(((await (await savedEs).json()) as { lang: string }).lang).toBe('es');

    await page.getByTestId('language-picker').click();
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.getByTestId('verify-email-title').textContent()).toBe('Verify your e-mail');
    // the choice is kept in the i18n_lang cookie for a year
    const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_lang');
    expect(cookie?.value).toBe('en');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    await page.context().close();
  });

  it('shows the consent and password rules before sending anything', async () => {
    const page = await newPage('en-US');
    await page.goto('/auth/register');
    await page.getByTestId('register-email').fill('someone@example.com');
    await page.getByTestId('register-password').fill('short');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByText('You must agree to our Privacy Policy').count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/auth/register');
    await page.context().close();
  });

  it('signs a demo user in, keeping the deep link, and refuses a wrong password with the translated message', async () => {
    const page = await newPage('en-US');
    await page.goto('/home');
    await page.waitForURL(/\/auth\?next=%2Fhome|\/auth\?next=\/home/);
    await page.getByTestId('signin-email').fill('learner@demo.agro');
    await page.getByTestId('signin-password').fill('wrong-password');
    await page.getByTestId('signin-submit').click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toMatch(/password/i);
    await page.getByTestId('signin-password').fill('Demo#2026');
    await page.getByTestId('signin-submit').click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('home-display-name').textContent(), { timeout: 10_000 }).toBe('Ana Souza');
    expect(await page.getByTestId('home-initials').textContent()).toBe('AS');
    await page.context().close();
  });

  it('answers unknown pages with the translated not-found page', async () => {
    const page = await newPage('es-ES');
    await page.goto('/no/such/page');
    await expect.poll(() => page.locator('body').textContent()).toMatch(/no se pudo encontrar|no existe|no encontrada/i);
    await page.context().close();
  });
});
