import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { DEMO_PASSWORD } from './shell-portal.js';
import { mailTo } from './mailbox.js';

/**
 * Issue 29 (ADR 0090): the first screens are rendered by the API process. With JavaScript off
 * the public pages and a signed-in /home show their content; with the scripts held back, the
 * content shows before them and the page then hydrates without a warning, in the three locales.
 * Guards redirect on the server, the document cookie opens no JSON route, per-user documents are
 * never shared or stored, and a loader that throws gives the shell document.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('server render', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const LEARNER = { email: 'learner@demo.agro', name: 'Ana Souza' };
const OTHER = { email: 'tc.admin@demo.agro', name: 'Elena Torres' };

interface Cookie {
  name: string;
  value: string;
}

/** The cookies a sign-in sets (refresh, session marker, document), as the browser would keep them. */
const signInCookies = async (email: string): Promise<Cookie[]> => {
  const answer = await fetch(`${portal.url}/api/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  expect(answer.status).toBe(200);
  return answer.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    return { name: pair.slice(0, index), value: pair.slice(index + 1) };
  });
};

const cookieHeader = (cookies: Cookie[], only?: string[]): string =>
  cookies
    .filter((c) => !only || only.includes(c.name))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

const documentOf = (path: string, cookie?: string) => fetch(`${portal.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

const contextWith = async (options: { javaScriptEnabled?: boolean; cookies?: Cookie[]; locale?: string } = {}): Promise<BrowserContext> => {
  const context = await browser.newContext({ baseURL: portal.url, javaScriptEnabled: options.javaScriptEnabled ?? true, locale: options.locale ?? 'pt-BR' });
  const cookies = [...(options.cookies ?? []), ...(options.locale ? [{ name: 'i18n_lang', value: options.locale }] : [])];
  if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url: portal.url })));
  return context;
};

/** Holds every script back `ms` before letting it through: what a slow phone connection does to the first wave. */
const holdScripts = async (page: Page, ms: number): Promise<{ released: () => boolean }> => {
  let released = false;
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    released = true;
    await route.continue();
  });
  return { released: () => released };
};

describe('the first document, rendered on the server', () => {
  it('shows the booking start, a Brazil page and a signed-in home with JavaScript disabled', async () => {
    const learner = await signInCookies(LEARNER.email);
    const context = await contextWith({ javaScriptEnabled: false, cookies: learner });
    const page = await context.newPage();

    await page.goto('/public/booking');
    await expect.poll(() => page.locator('h1, h2').first().textContent()).toBeTruthy();
    expect(await page.getByTestId('booking-country-BR').textContent()).toContain('Brasil');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await page.title()).not.toBe('');

    await page.goto('/br/sobre');
    expect(await page.locator('main').textContent()).toContain('Sobre o portal');

    // the QR code's page answers in the document: an unknown code is denied without a script
    await page.goto('/certificates/verify/NO-SUCH-CODE');
    expect(await page.getByTestId('certificate-verification').getAttribute('data-valid')).toBe('false');

    await page.goto('/home');
    expect(page.url()).toBe(`${portal.url}/home`);
    expect(await page.getByTestId('home-title').textContent()).toBeTruthy();
    expect(await page.getByTestId('home-display-name').textContent()).toBe(LEARNER.name);
    await context.close();
  });

  const LOCALES = [
    { locale: 'pt-BR', booking: 'Brasil', home: 'Meu conteúdo' },
    { locale: 'es', booking: 'Brasil', home: 'Mi contenido' },
    { locale: 'en', booking: 'Brazil', home: 'My content' },
  ] as const;

  for (const { locale, booking, home } of LOCALES) {
    it(`paints before the scripts arrive, then hydrates without a warning (${locale})`, async () => {
      const learner = await signInCookies(LEARNER.email);
      for (const { path, shows, then, click, next } of [
        { path: '/public/booking', shows: 'booking-country-BR', then: booking, click: 'booking-country-BR', next: '**/public/booking/br' },
        { path: '/home', shows: 'home-display-name', then: LEARNER.name, click: null, next: null },
      ]) {
        // a context of its own each time: no script comes from the memory cache
        const context = await contextWith({ cookies: learner, locale });
        const page = await context.newPage();
        const console = watchConsole(page);
        const warnings: string[] = [];
        page.on('console', (message) => {
          if (/hydrat|did not match|Minified React error #4(18|19|20|21|22|23|25)/i.test(message.text())) warnings.push(message.text());
        });
        const scripts = await holdScripts(page, 3000);
        await page.goto(path, { waitUntil: 'commit' });
        await page.getByTestId(shows).waitFor({ timeout: 2500 });
        // the content is there while the scripts are still held back
        expect(await page.getByTestId(shows).textContent()).toContain(then);
        expect(scripts.released()).toBe(false);
        expect(await page.locator('html').getAttribute('lang')).toBe(locale);
        if (path === '/home') expect(await page.getByTestId('home-title').textContent()).toBe(home);
        // the scripts arrive and hydrate the page (the app marks the document once its first effects ran)
        await page.locator('html[data-app="ready"]').waitFor({ timeout: 20_000 });
        expect(scripts.released()).toBe(true);
        if (click && next) {
          // hydrated: a link navigates on the client, with no new document
          let documents = 0;
          page.on('request', (request) => {
            if (request.resourceType() === 'document') documents += 1;
          });
          await page.getByTestId(click).click();
          await page.waitForURL(next, { waitUntil: 'commit' });
          expect(documents).toBe(0);
        } else {
          // hydrated: the home screen's notice (000 §4.5), which only the browser opens, shows
          await page.getByRole('dialog').first().waitFor({ timeout: 10_000 });
        }
        await console.settled();
        expect(warnings).toEqual([]);
        expect(console.problems).toEqual([]);
        await context.close();
      }
    });
  }

  it('keeps the sign-in form closed until it is hydrated, so nothing typed early is lost; then it signs in', async () => {
    const context = await contextWith({ locale: 'pt-BR' });
    const page = await context.newPage();
    const scripts = await holdScripts(page, 3000);
    await page.goto('/auth?next=%2Fhome', { waitUntil: 'commit' });
    await page.getByTestId('signin-email').waitFor({ timeout: 2500 });
    // painted by the server, not the page's yet: the fields and the button say they are disabled
    expect(scripts.released()).toBe(false);
    expect(await page.getByTestId('signin-email').isDisabled()).toBe(true);
    expect(await page.getByTestId('signin-submit').isDisabled()).toBe(true);
    await page.locator('html[data-app="ready"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('signin-email').isEnabled()).toBe(true);
    await page.getByTestId('signin-email').fill(LEARNER.email);
    await page.getByTestId('signin-password').fill(DEMO_PASSWORD);
    await page.getByTestId('signin-submit').click();
    await page.waitForURL('**/home');
    expect(await page.getByTestId('home-display-name').textContent()).toBe(LEARNER.name);
    await context.close();
  });

  it('redirects a signed-out /home on the server, and an unverified account to the verify screen', async () => {
    const signedOut = await documentOf('/home');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/auth?next=%2Fhome');

    const email = `ssr-${Date.now()}@example.com`;
    const registered = await fetch(`${portal.url}/api/createUserRegister`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Safra#2026', country: 'BR', consent: true }),
    });
    expect(registered.status).toBe(201);
    const cookies = registered.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ');
    const unverified = await documentOf('/home', cookies);
    expect(unverified.status).toBe(302);
    expect(unverified.headers.get('location')).toMatch(/^\/account\/verify-email/);

    // the e-mail verified (its link's code, applied as the action screen does), the profile not
    // yet complete: the same cookie's next document goes to the profile screen, read afresh
    const mail = await mailTo(portal.url, email, 'verifyEmail');
    const oobCode = new URL(mail.text.match(/https?:\/\/\S+\/auth\/action\?\S+/)![0]).searchParams.get('oobCode');
    const applied = await fetch(`${portal.url}/api/applyActionCode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'verifyEmail', oobCode }) });
    expect(applied.status).toBe(200);
    await expect.poll(async () => (await documentOf('/home', cookies)).headers.get('location'), { timeout: 10_000 }).toMatch(/^\/account\/profile\b/);
  });

  it('never mixes two learners: each document names its own user and is neither stored nor shared', async () => {
    const [a, b] = [await signInCookies(LEARNER.email), await signInCookies(OTHER.email)];
    for (let round = 0; round < 2; round += 1) {
      for (const [cookies, name, other] of [
        [a, LEARNER.name, OTHER.name],
        [b, OTHER.name, LEARNER.name],
      ] as const) {
        const answer = await documentOf('/home', cookieHeader(cookies));
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        expect(answer.headers.get('vary')).toMatch(/Cookie/);
        const html = await answer.text();
        expect(html).toContain(name);
        expect(html).not.toContain(other);
      }
    }
  });

  it('renders a revoked session signed out', async () => {
    const cookies = await signInCookies(LEARNER.email);
    const token = await fetch(`${portal.url}/api/auth/refresh`, { method: 'POST', headers: { cookie: cookieHeader(cookies, ['portal_refresh']) } });
    expect(token.status).toBe(200);
    const fresh = token.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const documentCookie = fresh.find((c) => c.startsWith('portal_document='))!;
    const { accessToken } = (await token.json()) as { accessToken: string };
    expect((await documentOf('/home', documentCookie)).status).toBe(200);

    const out = await fetch(`${portal.url}/api/auth/logoff`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }, body: '{}' });
    expect(out.status).toBeLessThan(300);
    await expect.poll(async () => (await documentOf('/home', documentCookie)).headers.get('location'), { timeout: 10_000 }).toBe('/auth?next=%2Fhome');
  });

  it('answers the shell document, and logs, when a loader throws', async () => {
    const answer = await documentOf('/tour/no-such-tour');
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="portal-ssr"');
    await expect.poll(() => portal.output()).toMatch(/server render failed[^\n]*|"path":"\/tour\/no-such-tour"/);
  });

  it('the document cookie opens no JSON route: every route answers it as it answers no credential', async () => {
    const cookies = await signInCookies(LEARNER.email);
    const documentCookie = cookieHeader(cookies, ['portal_document']);
    const spec = (await (await fetch(`${portal.url}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const mismatches: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const method of Object.keys(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        // the refresh and sign-out routes read their own cookie, not this one; every other one reads a bearer token
        const url = `${portal.url}${path.replace(/\{[^}]+\}/g, 'x')}`;
        const send = (cookie?: string) => fetch(url, { method: method.toUpperCase(), redirect: 'manual', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, ...(method === 'get' ? {} : { body: '{}' }) });
        const [withCookie, without] = [await send(documentCookie), await send()];
        checked += 1;
        if (withCookie.status !== without.status) mismatches.push(`${method.toUpperCase()} ${path}: ${withCookie.status} with the cookie, ${without.status} without`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
  });
});
