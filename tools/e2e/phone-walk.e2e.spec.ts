import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import type { Browser, Page } from 'playwright-core';
import { routes } from '../../apps/web/src/app/router';
import { DEMO_PASSWORD, useShellPortalAndBrowser, type RestartablePortal } from './shell-portal.js';

/**
 * Every route of the SPA's router on a 360x740 touch phone, in pt-BR, es and en, as each role
 * that opens it (issue 26, ADR 0082): the document is never wider than the screen, no button,
 * link or field is cut by the screen's edge, and a pt-BR or es page names no control in English.
 * One browser; each role signs in once per language (through the API, cookies kept by its
 * context); pages change inside the app (history), as a user's taps do, so the walk is quick.
 */
const W = 360;
const H = 740;
const LOCALES = ['pt-BR', 'es', 'en'] as const;
type Lang = (typeof LOCALES)[number];
const ROLES = ['guest', 'learner', 'company.manager', 'company.admin', 'tc.manager', 'tc.admin', 'auditor', 'admin'] as const;
type Role = (typeof ROLES)[number];
const SIGNED_IN = ROLES.filter((r) => r !== 'guest');
/** every demo role but the guest: the learner area (the side menu, the layouts) differs by role; who opens what was found by walking every route as every role */
const EVERYONE: readonly Role[] = SIGNED_IN;
const PUBLIC: readonly Role[] = ROLES;

// fixed ids of the demo data (contexts/identity/application/seed, content/pack.json, the booking seed)
const RIO_VERDE = '01900000-0000-7000-8000-00000000b002';
const DEMO_LEARNER = '01900000-0000-7000-8000-000000000001';
const UNKNOWN = '01900000-0000-7000-8000-0000000000ff';
const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

/**
 * Each route pattern of the router: the pages that stand for it and who opens it. A route added
 * to the router without a line here fails the first test. Signed-out-only screens (sign-in,
 * register) send a signed-in user home, and /auth/logoff signs out: they are walked as the guest.
 */
const WALK: Record<string, { paths: string[]; as: readonly Role[] }> = {
  '/': { paths: ['/'], as: PUBLIC },
  '/auth': { paths: ['/auth'], as: ['guest'] },
  '/auth/register': { paths: ['/auth/register'], as: ['guest'] },
  '/auth/logoff': { paths: ['/auth/logoff'], as: ['guest'] },
  '/auth/reset-password': { paths: ['/auth/reset-password'], as: ['guest'] },
  '/auth/action': { paths: ['/auth/action?mode=verifyEmail&oobCode=not-a-code'], as: PUBLIC },
  '/auth/link': { paths: ['/auth/link'], as: PUBLIC },
  '/auth2': { paths: ['/auth2'], as: ['guest'] },
  '/auth2/verification': { paths: ['/auth2/verification'], as: EVERYONE },
  '/account/profile': { paths: ['/account/profile'], as: EVERYONE },
  '/account/verify-email': { paths: ['/account/verify-email'], as: ['learner'] },
  '/account/privacy': { paths: ['/account/privacy'], as: EVERYONE },
  '/account/privacy/processing': { paths: ['/account/privacy/processing'], as: EVERYONE },
  '/privacy/exports/:requestId': { paths: [`/privacy/exports/${UNKNOWN}`], as: ['learner'] },
  '/audit/privacy': { paths: ['/audit/privacy'], as: ['auditor'] },
  '/manager/users/privacy-requests': { paths: ['/manager/users/privacy-requests'], as: ['company.admin', 'admin'] },
  '/home': { paths: ['/home'], as: EVERYONE },
  '/station/:stationId/:detailId?': { paths: ['/station/boas-vindas'], as: PUBLIC },
  '/training': { paths: ['/training'], as: EVERYONE },
  '/training/:crop/:detail?': { paths: ['/training/soja', '/training/soja/soja-plantio'], as: EVERYONE },
  '/journey': { paths: ['/journey'], as: EVERYONE },
  '/journey/list': { paths: ['/journey/list'], as: EVERYONE },
  '/journey/list/my-training/:playlist?': { paths: ['/journey/list/my-training'], as: EVERYONE },
  '/journey/:training/:detail?': { paths: ['/journey/ctb_cast'], as: ['learner', 'company.manager', 'company.admin', 'tc.admin', 'auditor', 'admin'] },
  '/feed/:playlist?': { paths: ['/feed/history'], as: EVERYONE },
  '/courses/:id?': { paths: ['/courses?toggleScormTest=true'], as: EVERYONE },
  '/download/:hash?': { paths: ['/download'], as: EVERYONE },
  '/learning': { paths: ['/learning'], as: EVERYONE },
  '/learning/questions': { paths: ['/learning/questions'], as: EVERYONE },
  '/learning/questions/recommendations': { paths: ['/learning/questions/recommendations'], as: EVERYONE },
  '/area/assessment': { paths: ['/area/assessment'], as: EVERYONE },
  '/area/assessment/result': { paths: ['/area/assessment/result'], as: EVERYONE },
  '/area/assessment/:detail': { paths: ['/area/assessment/soja'], as: EVERYONE },
  '/public/survey/:country?/:detail?': { paths: ['/public/survey/br'], as: PUBLIC },
  '/certificates/verify/:code': { paths: ['/certificates/verify/not-a-certificate'], as: PUBLIC },
  '/public/booking': { paths: ['/public/booking'], as: PUBLIC },
  '/public/booking/confirm': { paths: ['/public/booking/confirm'], as: PUBLIC },
  '/public/booking/cancel': { paths: ['/public/booking/cancel'], as: PUBLIC },
  // the four steps of 001 §7: location, date, time, details
  '/public/booking/:country': {
    paths: ['/public/booking/br', `/public/booking/br?location=${RIO_VERDE}`, `/public/booking/br?location=${RIO_VERDE}&date=${inTenDays}`, `/public/booking/br?location=${RIO_VERDE}&date=${inTenDays}&time=09:00`],
    as: PUBLIC,
  },
  '/manager/tc': { paths: ['/manager/tc'], as: ['tc.manager', 'tc.admin'] },
  '/manager/tc/bookings': { paths: ['/manager/tc/bookings'], as: ['tc.manager', 'tc.admin'] },
  '/manager/tc/locations': { paths: ['/manager/tc/locations'], as: ['tc.manager', 'tc.admin'] },
  '/manager/users': { paths: ['/manager/users'], as: ['company.manager', 'company.admin', 'tc.admin', 'admin'] },
  '/manager/users/import': { paths: ['/manager/users/import'], as: ['company.manager', 'company.admin', 'admin'] },
  '/manager/users/companies': { paths: ['/manager/users/companies'], as: ['company.manager', 'company.admin', 'admin'] },
  '/manager/users/answers-report': { paths: ['/manager/users/answers-report'], as: ['company.manager', 'company.admin', 'auditor', 'admin'] },
  '/manager/users/stations-content-answers-report': { paths: ['/manager/users/stations-content-answers-report'], as: ['company.manager', 'company.admin', 'auditor', 'admin'] },
  '/manager/users/expert-ask-question': { paths: ['/manager/users/expert-ask-question'], as: ['company.manager', 'company.admin', 'auditor', 'admin'] },
  '/manager/users/whatsapp-messages': { paths: ['/manager/users/whatsapp-messages'], as: ['admin'] },
  '/manager/users/scorm-upload': { paths: ['/manager/users/scorm-upload'], as: ['admin'] },
  '/manager/users/stations-score-report': { paths: ['/manager/users/stations-score-report'], as: ['company.manager', 'company.admin', 'auditor', 'admin'] },
  '/manager/users/companies-report': { paths: ['/manager/users/companies-report'], as: ['company.manager', 'company.admin', 'auditor', 'admin'] },
  '/manager/users/stations-content-report': { paths: ['/manager/users/stations-content-report'], as: ['company.manager', 'company.admin', 'auditor', 'admin'] },
  '/manager/users/stations-report': { paths: ['/manager/users/stations-report'], as: ['company.manager', 'company.admin', 'auditor', 'admin'] },
  '/manager/users/ctb-cast-dowload-status': { paths: ['/manager/users/ctb-cast-dowload-status'], as: ['company.manager', 'company.admin', 'auditor', 'admin'] },
  '/manager/reference-data': { paths: ['/manager/reference-data'], as: ['admin'] },
  '/manager/dashboard': { paths: ['/manager/dashboard'], as: ['company.manager', 'company.admin', 'admin'] },
  '/scheduled-events': { paths: ['/scheduled-events'], as: ['company.manager', 'tc.manager', 'tc.admin'] },
  '/scheduled-events/my-events': { paths: ['/scheduled-events/my-events'], as: ['learner', 'company.manager', 'company.admin', 'tc.manager', 'tc.admin', 'admin'] },
  '/scheduled-events/import': { paths: ['/scheduled-events/import'], as: ['tc.admin'] },
  '/scheduled-events/import-users': { paths: ['/scheduled-events/import-users'], as: ['tc.admin'] },
  '/scheduled-events/form/:id': { paths: ['/scheduled-events/form/new'], as: ['tc.admin'] },
  '/scheduled-events/published/:id': { paths: [`/scheduled-events/published/${UNKNOWN}`], as: ['learner'] },
  '/scheduled-events/published/:id/quiz/:quizId': { paths: [`/scheduled-events/published/${UNKNOWN}/quiz/${UNKNOWN}`], as: ['learner'] },
  '/scheduled-events/reports/:id': { paths: [`/scheduled-events/reports/${UNKNOWN}`], as: ['tc.admin'] },
  '/scheduled-events/check-in/:id': { paths: [`/scheduled-events/check-in/${UNKNOWN}`], as: ['tc.admin'] },
  '/scheduled-events/scan': { paths: ['/scheduled-events/scan'], as: ['learner', 'company.manager', 'company.admin', 'tc.manager', 'tc.admin', 'admin'] },
  '/scheduled-events/quizzes': { paths: ['/scheduled-events/quizzes'], as: ['tc.manager', 'tc.admin'] },
  '/scheduled-events/quizzes/:id': { paths: [`/scheduled-events/quizzes/${UNKNOWN}`], as: ['tc.admin'] },
  '/audit': { paths: ['/audit'], as: ['auditor'] },
  '/audit/:kind/:id': { paths: [`/audit/users/${DEMO_LEARNER}`], as: ['auditor'] },
  '/ask-expert': { paths: ['/ask-expert'], as: ['learner', 'company.manager', 'company.admin', 'tc.manager', 'tc.admin', 'admin'] },
  '/ask-expert/queue': { paths: ['/ask-expert/queue'], as: ['tc.admin'] },
  '/manager/experts': { paths: ['/manager/experts'], as: ['admin'] },
  '/manager/support': { paths: ['/manager/support'], as: ['company.admin', 'tc.admin', 'auditor', 'admin'] },
  '/br': { paths: ['/br'], as: PUBLIC },
  '/br/articles/:slug?': { paths: ['/br/articles'], as: PUBLIC },
  '/br/content/i2x/:slug?': { paths: ['/br/content/i2x'], as: PUBLIC },
  '/br/:slug': { paths: ['/br/sobre'], as: PUBLIC },
  '/tour/:tour': { paths: ['/tour/ctb_2021'], as: PUBLIC },
  '/ar/content/:slug': { paths: ['/ar/content/ambiente-y-densidad'], as: PUBLIC },
  '/dev/map': { paths: ['/dev/map'], as: ['guest'] },
  // an unknown page: the error page
  '/*': { paths: ['/no/such/page'], as: ['guest', 'learner'] },
};

/** The router's pages: every route that renders a screen (an index or a path without children), by its full pattern. */
const routePatterns = (list: RouteObject[], base = ''): string[] =>
  list.flatMap((route) => {
    const path = route.index ? base : route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
    const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
    return [...own, ...(route.children ? routePatterns(route.children, path) : [])];
  });

/** Strings of one locale's files, key -> text (nested keys joined with dots, file name first). */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps/web/src/locales');
const strings = (lang: Lang): Map<string, string> => {
  const out = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') out.set(prefix, value);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${prefix}.${k}`, v);
  };
  for (const file of readdirSync(join(root, lang))) walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(root, lang, file), 'utf8')));
  return out;
};
/** Names Mantine gives its own controls in English unless a screen names them (PasswordInput, ScrollArea, ...). */
const LIBRARY_ENGLISH = ['Toggle password visibility', 'Scroll left', 'Scroll right', 'Resize window'];
const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
/**
 * What a control named in English on a pt-BR or es page would be named: the en strings that this
 * language says otherwise (a string the language shares, such as a brand or "Podcast", is not
 * English to it), without placeholders, and the library's English names.
 */
const englishFor = (lang: Exclude<Lang, 'en'>): Set<string> => {
  const en = strings('en');
  const own = strings(lang);
  const ownTexts = new Set([...own.values()].map(fold));
  const english = [...en.values()].filter((text) => !text.includes('{{') && text.trim().length >= 3).map(fold).filter((text) => !ownTexts.has(text));
  return new Set([...english, ...LIBRARY_ENGLISH.map(fold)]);
};

interface PageCheck {
  width: number;
  cut: string[];
  names: string[];
}

/** In the page: the document's width, the controls the screen's edge cuts, and every control's accessible name. */
function inspect(width: number): PageCheck {
  const scrollsSideways = (element: Element) => {
    for (let a = element.parentElement; a; a = a.parentElement) {
      const overflow = getComputedStyle(a).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && a.scrollWidth > a.clientWidth) return true;
    }
    return false;
  };
  const textOf = (ids: string | null) =>
    (ids ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const cut: string[] = [];
  const names: string[] = [];
  const controls = document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="link"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"]');
  for (const element of controls) {
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const label = (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const name = element.getAttribute('aria-label') || textOf(element.getAttribute('aria-labelledby')) || label || element.getAttribute('title') || element.getAttribute('placeholder') || element.innerText || '';
    names.push(name.trim());
    const clipped = (box.right > width + 1 && box.left < width) || (box.left < -1 && box.right > 0);
    if (clipped && !scrollsSideways(element)) cut.push(`${element.tagName.toLowerCase()} "${name.trim().slice(0, 40)}" ${Math.round(box.left)}..${Math.round(box.right)}`);
  }
  return { width: document.documentElement.scrollWidth, cut, names };
}

let portal: RestartablePortal;
let browser: Browser;

useShellPortalAndBrowser('phone walk', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

/** A page of `role` in `lang` on the phone, signed in (through the API: its context keeps the cookies), on /home or /br. */
async function phonePage(role: Role, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ baseURL: portal.url, locale: lang, viewport: { width: W, height: H }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: 'i18n_lang', value: lang, url: portal.url }]);
  if (role !== 'guest') {
    const answer = await context.request.post('/api/auth/signIn', { data: { email: `${role}@demo.agro`, password: DEMO_PASSWORD } });
    expect(answer.status(), `sign-in of ${role}`).toBe(200);
  }
  const page = await context.newPage();
  await page.goto(role === 'guest' ? '/br' : '/home');
  return page;
}

/** Waits until no API call has been on its way for 200 ms (the realtime stream aside). */
function quietness(page: Page): () => Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const isCall = (url: string) => url.includes('/api/') && !url.includes('/api/realtime/');
  page.on('request', (r) => void (isCall(r.url()) && (inFlight++, (last = Date.now()))));
  const done = (r: { url(): string }) => void (isCall(r.url()) && (inFlight--, (last = Date.now())));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const started = Date.now();
    await page.waitForTimeout(60);
    while ((inFlight > 0 || Date.now() - last < 200) && Date.now() - started < 10_000) await page.waitForTimeout(40);
  };
}

/** Opens `path` inside the app, as a tap on a link does (the router follows history), then waits for its calls. */
async function openInApp(page: Page, path: string, quiet: () => Promise<void>): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await quiet();
}

describe('every route on a 360x740 phone (issue 26)', () => {
  it('the walk names every route of the router', () => {
    expect(Object.keys(WALK).sort()).toEqual([...new Set(routePatterns(routes))].sort());
  });

  it.each(LOCALES)('%s: no page is wider than the screen, no control is cut, no control is named in English on a pt-BR or es page', async (lang) => {
    const english = lang === 'en' ? new Set<string>() : englishFor(lang);
    const problems: string[] = [];
    await Promise.all(
      ROLES.map(async (role) => {
        const page = await phonePage(role, lang);
        const quiet = quietness(page);
        await quiet();
        const mine = Object.values(WALK).filter((w) => w.as.includes(role)).flatMap((w) => w.paths);
        for (const path of mine) {
          await openInApp(page, path, quiet);
          const seen = await page.evaluate(inspect, W);
          const at = `${lang} ${role} ${path}`;
          if (role !== 'guest' && new URL(page.url()).pathname === '/auth') problems.push(`${at}: signed out`);
          if (seen.width > W) problems.push(`${at}: the page is ${seen.width} px wide`);
          for (const control of seen.cut) problems.push(`${at}: cut by the edge: ${control}`);
          for (const name of seen.names) if (english.has(fold(name))) problems.push(`${at}: named in English: "${name}"`);
        }
        await page.context().close();
      }),
    );
    expect(problems).toEqual([]);
  }, 240_000);
});
