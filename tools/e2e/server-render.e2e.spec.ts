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
    // each page its own title and description, before the branding's
    const branding = await page.evaluate(() => document.title.split(' | ').slice(1).join(' | '));
    expect(branding).not.toBe('');
    const description = () => page.locator('meta[name="description"]').getAttribute('content');
    expect(await page.title()).toBe(`Agende uma visita a um centro de treinamento | ${branding}`);
    expect(await description()).toBe('Escolha o país do centro de treinamento que você quer visitar.');

    await page.goto('/br/sobre');
    expect(await page.locator('main').textContent()).toContain('Sobre o portal');
    expect(await page.title()).toBe(`Sobre o portal | ${branding}`);
    const about = await description();
    expect(about).toBeTruthy();
    expect(await page.locator('main').textContent()).toContain(about!.replace(/…$/, '').split(' ').slice(0, 3).join(' '));

    // the survey pages read their data with the document: a country's list for everyone, the
    // survey itself (with the caller's answers) for a signed-in user
    await page.goto('/public/survey/BR');
    expect(await page.getByTestId('survey-link-satisfacao').textContent()).toBe('Pesquisa de satisfação');
    expect(await page.title()).toBe(`Pesquisas | ${branding}`);
    await page.goto('/public/survey/BR/satisfacao');
    expect(await page.getByTestId('survey-question').count()).toBe(1);
    expect(await page.title()).toBe(`Pesquisa de satisfação | ${branding}`);

    // the QR code's page answers in the document: an unknown code is denied without a script
    await page.goto('/certificates/verify/NO-SUCH-CODE');
    expect(await page.getByTestId('certificate-verification').getAttribute('data-valid')).toBe('false');

    await page.goto('/home');
    expect(page.url()).toBe(`${portal.url}/home`);
    expect(await page.getByTestId('home-title').textContent()).toBeTruthy();
    expect(await page.getByTestId('home-display-name').textContent()).toBe(LEARNER.name);
    expect(await page.title()).toBe(`Meu conteúdo | ${branding}`);
    await page.goto('/training');
    expect(await page.title()).toBe(`${await page.getByTestId('training-title').textContent()} | ${branding}`);
    await context.close();
  });

  it('serves a guest the survey list, and leaves a guest its survey (its answers are the browser guest id\'s)', async () => {
    const list = await (await documentOf('/public/survey/BR')).text();
    expect(list).toContain('data-testid="survey-link-satisfacao"');
    const survey = await documentOf('/public/survey/BR/satisfacao');
    expect(survey.status).toBe(200);
    expect(await survey.text()).not.toContain('data-testid="survey-question"');
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
        const title = await page.title();
        // the scripts arrive and hydrate the page (the app marks the document once its first effects ran)
        await page.locator('html[data-app="ready"]').waitFor({ timeout: 20_000 });
        expect(scripts.released()).toBe(true);
        // the browser keeps the title the document came with
        await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
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

  /** The home screen's dialogs of 000 §4.5 (the Brazil alert, then the video) answered, as the user would. */
  const answerHomeDialogs = async (page: Page): Promise<void> => {
    for (let i = 0; i < 3; i += 1) {
      await page.getByRole('dialog').first().waitFor({ timeout: 5000 }).catch(() => undefined);
      const button = page.getByTestId('home-alert-confirm').or(page.getByTestId('home-video-later'));
      if ((await button.count()) === 0) return;
      await button.first().click();
      await expect.poll(() => button.count(), { timeout: 10_000 }).toBe(0);
    }
  };

  it('draws the same menus on a phone and a desktop (CSS picks), and hydrates without a warning on both', async () => {
    // a user of this test alone: answering the home dialogs is recorded on the account
    const learner = await signInCookies('auditor@demo.agro');
    for (const { width, height, phone } of [
      { width: 390, height: 844, phone: true },
      { width: 1280, height: 800, phone: false },
    ]) {
      for (const path of ['/home', '/training']) {
        const context = await browser.newContext({ baseURL: portal.url, locale: 'pt-BR', viewport: { width, height } });
        await context.addCookies(learner.map((c) => ({ ...c, url: portal.url })));
        const page = await context.newPage();
        const console = watchConsole(page);
        const warnings: string[] = [];
        page.on('console', (message) => {
          if (/hydrat|did not match|Minified React error #4(18|19|20|21|22|23|25)/i.test(message.text())) warnings.push(message.text());
        });
        await page.goto(path);
        await page.locator('html[data-app="ready"]').waitFor({ timeout: 20_000 });
        const toggle = path === '/home' ? 'menu-toggle' : 'training-menu-toggle';
        expect(await page.getByTestId(toggle).isVisible()).toBe(phone);
        if (path === '/home') {
          await answerHomeDialogs(page);
          // the docked menu is in the markup on every width; CSS shows it from 992 px, with
          // profile and sign-out below that width only
          expect(await page.getByTestId('side-menu').count()).toBe(1);
          expect(await page.getByTestId('side-menu').isVisible()).toBe(!phone);
          expect(await page.getByTestId('menu-signOut').count()).toBe(1);
          expect(await page.getByTestId('menu-signOut').isVisible()).toBe(false);
          if (phone) {
            // the drawer stands in for the docked menu while it is open: one menu on the page
            await page.getByTestId('menu-toggle').click();
            await page.getByTestId('menu-signOut').waitFor();
            expect(await page.getByTestId('side-menu').count()).toBe(1);
            expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
            // closed (an item closes it): the docked menu's markup is back, hidden by CSS
            await page.getByTestId('menu-home').click();
            await expect.poll(async () => [await page.getByTestId('side-menu').count(), await page.getByTestId('side-menu').isVisible()]).toEqual([1, false]);
          }
        } else {
          // the header's links (either variant's) are in the markup on every width, shown from 992 px
          const links = page.getByTestId('training-header').locator('nav');
          expect(await links.count()).toBe(1);
          expect(await links.isVisible()).toBe(!phone);
        }
        await console.settled();
        expect(warnings).toEqual([]);
        expect(console.problems).toEqual([]);
        await context.close();
      }
    }
  });

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

  it('redirects a signed-out /home on the server, an unverified account to the verify screen and an incomplete profile to the profile screen', async () => {
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

    // the e-mail verified (the link the verify screen asks for, its code applied as the action
    // screen does), the profile not yet complete: the same cookie's next document goes to the
    // profile screen, the claims read afresh. Registration sends no mail by itself.
    const { accessToken } = (await registered.json()) as { accessToken: string };
    const sent = await fetch(`${portal.url}/api/sendEmailVerification`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ lang: 'pt-BR' }) });
    expect(sent.ok).toBe(true);
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
