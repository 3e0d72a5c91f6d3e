import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { explainFailures, launchBrowser } from './harness.js';
import { apiToken, openSearchWithSlash, signIn, startRestartablePortal, type RestartablePortal } from './shell-portal.js';

/**
 * Issue 6 in the browser, on the demo pack with the demo learner (learner@demo.agro, Brazil):
 * the "/" search, F1 support, the notifications badge and messages, the mobile menu, and the
 * session-expired modal when the portal restarts with another version.
 */
let portal: RestartablePortal;
let browser: Browser;
let learner: BrowserContext;
let page: Page;

const LEARNER = 'learner@demo.agro';

/** An SSE answer as the realtime controller writes it. */
const sse = (...events: [string, unknown][]) => events.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`).join('');

beforeAll(async () => {
  portal = await startRestartablePortal();
  browser = await launchBrowser();
  learner = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 1280, height: 900 } });
  page = await learner.newPage();
  await signIn(page, LEARNER);
  // the Brazil alert of the home (000 §4.5) is confirmed once, so later pages are not covered
  await page.getByTestId('home-alert-confirm').click();
  await page.getByTestId('home-alert-modal').waitFor({ state: 'detached' });
});

explainFailures('shell', () => browser, () => portal?.output() ?? '');

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('search dialog (000 §2.10, §4.9)', () => {
  it('"/" opens it; a misspelled title finds the item, it is active, and Enter opens it', async () => {
    await page.goto('/feed/history');
    await page.getByTestId('header-search').waitFor();
    await openSearchWithSlash(page);
    expect(await page.getByTestId('search-dialog').getAttribute('data-mode')).toBe('local');

    await page.keyboard.type('Monitoramnto');
    const hit = page.getByTestId('search-result-soja-manejo-video');
    await hit.waitFor();
    expect(await hit.getAttribute('data-active')).toBe('true');
    expect(await hit.textContent()).toContain('Monitoramento de pragas');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/training/soja/soja-manejo' && url.searchParams.get('video') === 'soja-manejo-video');
    await expect.poll(() => page.getByTestId('search-dialog').count()).toBe(0);
  });

  it('arrows move the active result, and an unknown word says "No results found for" it', async () => {
    // "/" works in every layout: here the training header's
    await page.goto('/training/soja/soja-manejo');
    await page.getByTestId('training-header').waitFor();
    await openSearchWithSlash(page);
    await page.keyboard.type('Soja');
    await expect.poll(() => page.locator('[data-testid^="search-result-"]').count(), { timeout: 5000 }).toBeGreaterThan(1);
    const results = page.locator('[data-testid^="search-result-"]');
    const second = await results.nth(1).getAttribute('data-testid');
    await page.keyboard.press('ArrowDown');
    expect(await results.nth(1).getAttribute('data-active')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await results.last().getAttribute('data-active')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId(second!).getAttribute('data-active')).toBe('true');

    await page.getByTestId('search-input').fill('xylofone');
    await page.getByTestId('search-empty').waitFor();
    expect(await page.getByTestId('search-empty').textContent()).toBe('Nenhum resultado encontrado para "xylofone"');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('search-dialog').count()).toBe(0);
  });

  it('with localSearch off, asks /api/search-api and keeps only known content', async () => {
    await page.goto('/feed/history?toggleLocalSearch=false');
    await page.getByTestId('header-search').waitFor();
    await openSearchWithSlash(page);
    expect(await page.getByTestId('search-dialog').getAttribute('data-mode')).toBe('remote');
    const asked = page.waitForResponse((r) => r.url().includes('/api/search-api?') && r.url().includes('query=plantio'));
    await page.keyboard.type('plantio');
    expect((await asked).status()).toBe(200);
    await page.getByTestId('search-result-soja-plantio-video').waitFor();
    await page.keyboard.press('Escape');
    // the override is kept for the tab; put it back
    await page.goto('/feed/history?toggleLocalSearch=true');
  });
});

describe('support dialog (000 §4.7)', () => {
  it('F1 opens it; a valid message is sent with the page address, the dialog says so and clears the form', async () => {
    await page.goto('/feed/history');
    await page.getByTestId('header-search').waitFor();
    await page.keyboard.press('F1');
    const dialog = page.getByTestId('support-dialog');
    await dialog.waitFor();

    // validation first: nothing is sent
    await page.getByTestId('support-submit').click();
    await expect.poll(() => page.getByText('Assunto é obrigatório').count()).toBeGreaterThan(0);

    // Brazil subjects (000 §5)
    const subjects = await page.getByTestId('support-subject').locator('option:not([disabled])').allTextContents();
    // shown in the reader's language (support:subjects), sent as the stored words (issue 13)
    expect(subjects).toEqual(['Feedback', 'Atualização de conteúdo', 'Sugestão de conteúdo']);
    await page.getByTestId('support-subject').selectOption('Sugestão de Conteúdo');
    await page.getByTestId('support-title').fill('Mais conteúdo de milho');
    await page.getByTestId('support-message').fill('Gostaria de vídeos sobre milho safrinha.');
    expect(await page.getByTestId('support-counter').textContent()).toBe('40/600');

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/support/message') && r.request().method() === 'POST');
    await page.getByTestId('support-submit').click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const body = JSON.parse(answer.request().postData() ?? '{}') as Record<string, string>;
    expect(body).toMatchObject({ context: 'web', origin: `${portal.url}/feed/history`, subject: 'Sugestão de Conteúdo', title: 'Mais conteúdo de milho', message: 'Gostaria de vídeos sobre milho safrinha.' });
    expect(body['registerId']).toMatch(/^[0-9a-f-]{36}$/);

    await page.getByTestId('support-success').waitFor();
    expect(await dialog.getAttribute('data-status')).toBe('success');
    expect(await page.getByTestId('support-title').inputValue()).toBe('');
    expect(await page.getByTestId('support-counter').textContent()).toBe('0/600');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // the auditor reads every support message (GET /api/support/messages, ADR 0080)
    const admin = await apiToken(portal.url, 'auditor@demo.agro');
    await expect
      .poll(async () => {
        const list = (await (await fetch(`${portal.url}/api/support/messages`, { headers: { authorization: `Bearer ${admin}` } })).json()) as { items: { title: string; email: string; origin: string }[] };
        return list.items.find((m) => m.title === 'Mais conteúdo de milho');
      })
      .toMatchObject({ email: LEARNER, origin: `${portal.url}/feed/history` });
  });

  it('opened on ctb_cast presets the CTBCast subject, listed first; a failure shows the fail message', async () => {
    await page.goto('/journey/ctb_cast');
    await page.getByTestId('journey-header').waitFor();
    await page.getByTestId('header-support').click();
    await page.getByTestId('support-dialog').waitFor();
    expect(await page.getByTestId('support-subject').inputValue()).toBe('CTBCast');
    expect((await page.getByTestId('support-subject').locator('option:not([disabled])').allTextContents())[0]).toBe('CTB Cast');

    await page.route('**/api/support/message', (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, code: '500', message: 'boom' }) }));
    await page.getByTestId('support-title').fill('Episódio novo');
    await page.getByTestId('support-message').fill('Quando sai o próximo?');
    await page.getByTestId('support-submit').click();
    await page.getByTestId('support-failed').waitFor();
    expect(await page.getByTestId('support-failed').textContent()).toContain('Não foi possível enviar sua mensagem.');
    // the form is kept for another try
    expect(await page.getByTestId('support-title').inputValue()).toBe('Episódio novo');
    await page.unroute('**/api/support/message');
    await page.keyboard.press('Escape');
  });
});

describe('notifications (000 §4.6)', () => {
  it('the badge shows the unseen count of the realtime stream, capped at 99+; opening the sidebar resets it', async () => {
    // the realtime stream answers with the unseen count a recommendation push would carry
    await page.route('**/api/realtime/stream?*', (route: Route) =>
      route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: sse(['version', { version: '1.7.124' }], ['unseen', { count: 120 }]) }),
    );
    await page.goto('/feed/history');
    const badge = page.getByTestId('notifications-badge');
    await expect.poll(() => badge.getAttribute('data-count'), { timeout: 15_000 }).toBe('99+');
    expect(await page.getByTestId('notifications-button').getAttribute('aria-label')).toBe('Notificações (99+ novas)');
    await page.unroute('**/api/realtime/stream?*');

    const viewed = page.waitForRequest((r) => r.url().endsWith('/api/notification-messages/set-viewed-row-ids'));
    await page.getByTestId('notifications-button').click();
    await page.getByTestId('notifications-sidebar').waitFor();
    await viewed;
    await expect.poll(() => badge.getAttribute('data-count')).toBe('0');
    // 450 px wide on a large screen
    const drawer = page.locator('.mantine-Drawer-content', { has: page.getByTestId('notifications-sidebar') });
    await expect.poll(() => drawer.evaluate((el) => el.getBoundingClientRect().width)).toBe(450);

    // the welcome video is flagged for notifications and not started: a click opens it,
    // marks it read here and closes the sidebar
    await page.getByTestId('notification-bv-video').click();
    await page.waitForURL((url) => url.pathname === '/station/boas-vindas' && url.searchParams.get('video') === 'bv-video');
    await expect.poll(() => page.getByTestId('notifications-sidebar').count()).toBe(0);
    await page.getByTestId('notifications-button').click();
    await page.getByTestId('notifications-sidebar').waitFor();
    expect(await page.getByTestId('notification-bv-video').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('shows notification messages one at a time, sends "read" when shown, and runs no script from their HTML', async () => {
    const admin = await apiToken(portal.url, 'tc.admin@demo.agro');
    const publish = (title: string, content: string) =>
      fetch(`${portal.url}/api/notification-messages/publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: { 'pt-BR': title, es: title, en: title },
          content: { 'pt-BR': content, es: content, en: content },
          categories: [
            { label: { 'pt-BR': 'Soja', es: 'Soja', en: 'Soy' }, to: '/training/soja' },
            { label: { 'pt-BR': 'Milho', es: 'Maíz', en: 'Corn' }, to: '/training/milho' },
            { label: { 'pt-BR': 'Jornadas', es: 'Jornadas', en: 'Journeys' }, to: '/journey' },
          ],
        }),
      }).then((r) => r.status);
    expect(await publish('Novidades da safra', '<p>Conteúdo <strong>novo</strong></p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">')).toBe(201);
    expect(await publish('Segunda mensagem', '<p>Mais uma</p>')).toBe(201);

    const read = page.waitForRequest((r) => r.url().endsWith('/api/notification-messages') && r.method() === 'POST');
    await page.goto('/feed/history');
    const content = page.getByTestId('notification-message-content');
    await content.waitFor();
    expect(JSON.parse((await read).postData() ?? '{}')).toMatchObject({ eventType: 'read', platform: 'web' });
    expect(await content.innerHTML()).not.toContain('<script');
    expect(await content.innerHTML()).not.toContain('onerror');
    expect(await content.textContent()).toContain('Conteúdo novo');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // the category grid: 3 columns on a large screen
    const columns = await page.getByTestId('notification-categories').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);

    await page.getByTestId('notification-message-close').click();
    await expect.poll(() => content.textContent()).toContain('Mais uma');
    await page.getByTestId('notification-message-close').click();
    await expect.poll(() => content.count()).toBe(0);
  });
});

describe('layouts, headers and public pages (000 §2.3, §2.6, §2.9, §2.10)', () => {
  it('the journey welcome shows until the journeyWelcome flag is stored', async () => {
    await page.goto('/journey');
    await page.getByTestId('journey-header').waitFor();
    const stored = page.waitForRequest((r) => r.url().endsWith('/api/user-store/flag') && r.method() === 'POST');
    await page.getByTestId('welcome-journey-ok').click();
    expect(JSON.parse((await stored).postData() ?? '{}')).toEqual({ key: 'journeyWelcome', value: true });
    await page.reload();
    await page.getByTestId('journey-header').waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('welcome-journey').count()).toBe(0);
    // trails, competence and library menus from the journey stations
    await page.getByTestId('journey-menu-trails').click();
    await page.getByTestId('journey-item-tr_gestao_rural').waitFor();
    await page.keyboard.press('Escape');
    // Argentina only: no "Condiciones comerciales" for a Brazilian learner
    expect(await page.getByTestId('journey-commercial').count()).toBe(0);
  });

  it('a visitor gets the public shell with the Brazil footer, the environment name and the pack pages', async () => {
    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 1280, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto('/br');
    await visitor.getByTestId('public-header').waitFor();
    await visitor.getByTestId('public-login').waitFor();
    // /br lists the content pack's pages of that section; one opens with its content
    await visitor.getByTestId('public-page-link-sobre').click();
    await visitor.getByTestId('public-page-content').waitFor();
    expect(await visitor.getByTestId('public-page-title').textContent()).toBe('Sobre o portal');
    const footer = visitor.getByTestId('public-footer');
    expect(await footer.getAttribute('data-country')).toBe('BR');
    // our own terms page (LEGAL_TERMS_URL's default), not a placeholder domain (issue 13)
    expect(await visitor.getByTestId('footer-terms').getAttribute('href')).toBe('/br/termos-de-uso');
    expect(await visitor.getByTestId('footer-env').textContent()).toBe('Ambiente: local');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    // the Brazil footer's support link opens the dialog (sign-in first for a visitor)
    await visitor.getByTestId('footer-support-link').click();
    await visitor.getByTestId('support-signin').waitFor();
    await context.close();
  });

  it('/dev/map is not found for a Brazilian learner', async () => {
    await page.goto('/dev/map');
    await page.getByTestId('error-page').waitFor();
    expect(await page.getByTestId('error-page').getAttribute('data-status')).toBe('404');
  });
});

describe('mobile menu (000 §2.5)', () => {
  it('hides on scroll down and shows on scroll up, ignoring small moves; closes on item click', async () => {
    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true });
    const mobile = await context.newPage();
    await signIn(mobile, LEARNER);
    await mobile.goto('/feed/recent');
    const bar = mobile.getByTestId('mobile-menu-bar');
    await bar.waitFor();
    await mobile.locator('[data-testid^="feed-item-"]').first().waitFor();
    expect(await bar.getAttribute('data-visible')).toBe('true');

    await mobile.mouse.wheel(0, 400);
    await expect.poll(() => bar.getAttribute('data-visible')).toBe('false');
    await mobile.mouse.wheel(0, -40);
    await mobile.waitForTimeout(300);
    expect(await bar.getAttribute('data-visible')).toBe('false');
    await mobile.mouse.wheel(0, -120);
    await expect.poll(() => bar.getAttribute('data-visible')).toBe('true');

    // the menu is a full-width drawer with profile and sign-out; an item closes it
    await mobile.getByTestId('menu-toggle').click();
    await mobile.getByTestId('menu-signOut').waitFor();
    // the click is traced (POST /api/interactions/trace from the item's data attributes)
    const traced = mobile.waitForRequest((r) => r.url().endsWith('/api/interactions/trace') && r.method() === 'POST');
    await mobile.getByTestId('menu-station-soja').click();
    expect(JSON.parse((await traced).postData() ?? '{}')).toMatchObject({ category: 'side-menu', action: 'click', label: 'soja', nodeId: 'menu-station-soja', context: 'default' });
    await mobile.waitForURL((url) => url.pathname === '/training/soja');
    await expect.poll(() => mobile.getByTestId('side-menu-items').count()).toBe(0);
    await context.close();
  });
});

describe('offline and PWA (000 §2.3, §7)', () => {
  it('registers /sw.js, precaches the app shell, shows the offline alert, and the offline page for a navigation', async () => {
    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 1280, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto('/');
    await visitor.getByTestId('public-header').waitFor();
    expect(await visitor.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${portal.url}/sw.js`);
    await expect
      .poll(() => visitor.evaluate(async () => (await (await caches.open('portal-shell-v1')).keys()).map((r) => new URL(r.url).pathname)))
      .toEqual(expect.arrayContaining(['/', '/offline.html', '/manifest.webmanifest']));
    const shell = await visitor.evaluate(async () => (await (await caches.open('portal-shell-v1')).keys()).filter((r) => r.url.includes('/assets/')).length);
    expect(shell).toBeGreaterThan(3);

    await visitor.reload();
    await visitor.getByTestId('public-header').waitFor();
    await context.setOffline(true);
    await visitor.getByTestId('offline-alert').waitFor();
    // a navigation that cannot reach the server gets the offline page, in the three languages
    await visitor.goto('/feed/history');
    expect(await visitor.locator('section[lang="pt-BR"] h2').textContent()).toBe('Você está sem conexão');
    expect(await visitor.locator('section[lang="es"] h2').textContent()).toBe('Estás sin conexión');
    await context.setOffline(false);
    await context.close();
  });
});

describe('session (000 §4.10)', () => {
  it('shows the session-expired modal when the portal comes back with another version; only Reload leaves it', async () => {
    // every stream opens with a single-use ticket, never the access token in its URL (issue 26 item 4)
    const streams: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('/api/realtime/stream')) streams.push(request.url());
    };
    page.on('request', onRequest);
    await page.goto('/feed/history');
    await page.getByTestId('header-search').waitFor();
    // the stream is open and the versions agree
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('session-expired').count()).toBe(0);

    await portal.restart({ APP_VERSION: '9.9.9-e2e' });
    const modal = page.getByTestId('session-expired');
    await modal.waitFor({ timeout: 60_000 });
    page.off('request', onRequest);
    // the first stream, and the one opened again after the restart with a new ticket
    expect(streams.length).toBeGreaterThanOrEqual(2);
    expect(streams.filter((url) => !/\/api\/realtime\/stream\?ticket=[A-Za-z0-9_-]{43}$/.test(url))).toEqual([]);
    expect(new Set(streams).size).toBe(streams.length);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await modal.isVisible()).toBe(true);
    expect(await page.locator('.mantine-Modal-close').count()).toBe(0);

    const reloaded = page.waitForEvent('load');
    await page.getByTestId('session-expired-reload').click();
    await reloaded;
    await page.getByTestId('header-search').waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('session-expired').count()).toBe(0);
  });
});
