import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import yauzl from 'yauzl';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { verifiedLearner } from './api-learner.js';
import { mailTo } from './mailbox.js';
import { signIn, signInAt } from './shell-portal.js';

/**
 * The data subject's rights in the browser (issue 31 part B, ADR 0092), in pt-BR, es and en: in
 * each, a learner asks for their data, opens the mailed link and gets the ZIP; another learner
 * deletes their account, is signed out, signs in within the grace period and the deletion is
 * canceled; the company admin, showing that language (the i18n_lang cookie), sees both requests
 * in the manager area. The auditor sees the proof (en).
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('privacy', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const ADMIN = 'company.admin@demo.agro';
/** the demo auditor's profile language is English */
const AUDITOR = 'auditor@demo.agro';
const COMPANY_DOMAIN = 'cooperativa.demo';

/** What each locale shows and mails (the locale files' and mail templates' words). */
const WORDS = {
  'pt-BR': {
    title: 'Privacidade e meus dados',
    exportMail: 'Seus dados estão prontos para download',
    scheduled: 'Entrar antes dessa data cancela a exclusão',
    scheduledMail: 'Sua conta será excluída',
    canceledReason: 'Cancelado porque você entrou na conta',
    canceledMail: 'A exclusão da sua conta foi cancelada',
    managerReason: 'Cancelado: a pessoa entrou na conta',
    tab: 'Pedidos de privacidade',
  },
  es: {
    title: 'Privacidad y mis datos',
    exportMail: 'Tus datos están listos para descargar',
    scheduled: 'Iniciar sesión antes cancela la eliminación',
    scheduledMail: 'Tu cuenta será eliminada',
    canceledReason: 'Cancelada porque iniciaste sesión',
    canceledMail: 'Se canceló la eliminación de tu cuenta',
    managerReason: 'Cancelada: la persona inició sesión',
    tab: 'Solicitudes de privacidad',
  },
  en: {
    title: 'Privacy and my data',
    exportMail: 'Your data is ready to download',
    scheduled: 'Signing in before then cancels the deletion',
    scheduledMail: 'Your account will be deleted',
    canceledReason: 'Canceled because you signed in',
    canceledMail: 'The deletion of your account was canceled',
    managerReason: 'Canceled: the user signed in',
    tab: 'Privacy requests',
  },
} as const;
type Lang = keyof typeof WORDS;

/** Each attempt (a retried test included) makes its own learners; the manager's test reads the last ones of its locale. */
const exporter: Partial<Record<Lang, string>> = {};
const leaver: Partial<Record<Lang, string>> = {};
const fresh = (kind: string, lang: Lang) => `titular.${kind}.${lang.toLowerCase()}.${Date.now()}@${COMPANY_DOMAIN}`;

const newPage = async (locale: string): Promise<Page> => (await browser.newContext({ locale, baseURL: portal.url, acceptDownloads: true })).newPage();
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const zipEntries = (bytes: Buffer): Promise<string[]> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.readEntry();
    });
  });

describe.each(Object.keys(WORDS) as Lang[])('the data subject\'s rights (%s)', (lang) => {
  const words = WORDS[lang];

  it('"download my data" is mailed as a link that gives the ZIP', async () => {
    const email = fresh('export', lang);
    exporter[lang] = email;
    await verifiedLearner(portal.url, email, { name: 'Titular Exporta', lang });
    const page = await newPage(lang);
    const watched = watchConsole(page);
    // /account screens keep no `next` (000 §2.2): sign in, then the profile's privacy page
    await signIn(page, email);
    await page.goto('/account/profile');
    await page.getByTestId('profile-privacy').click();
    await poll(() => page.getByTestId('privacy-title').textContent()).toBe(words.title);
    await page.getByTestId('privacy-export-request').click();
    await page.getByTestId('privacy-export-pending').waitFor();

    const mail = await mailTo(portal.url, email, 'dataExportReady');
    expect(mail.subject).toBe(words.exportMail);
    const link = new URL(/https?:\/\/\S+\/privacy\/exports\/\S+/.exec(mail.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId('export-download-title').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-.+\.zip$/);
    const bytes = readFileSync((await download.path())!);
    expect(await zipEntries(bytes)).toEqual(['events.json', 'index.html', 'privacy.json', 'profile.json']);

    // the request shows honoured on the privacy page
    await page.goto('/account/privacy');
    await poll(() => page.getByTestId('privacy-request-export').first().getAttribute('data-status')).toBe('honoured');
    await watched.settled();
    expect(watched.problems).toEqual([]);
  });

  it('"delete my account" signs out, and signing in within the grace period cancels it', async () => {
    const email = fresh('delete', lang);
    leaver[lang] = email;
    await verifiedLearner(portal.url, email, { name: 'Titular Elimina', lang });
    const page = await newPage(lang);
    await signIn(page, email);
    await page.goto('/account/privacy');
    await poll(() => page.getByTestId('privacy-title').textContent()).toBe(words.title);
    await page.getByTestId('privacy-delete').click();
    await page.getByTestId('privacy-delete-confirm').click();
    await poll(() => page.getByTestId('privacy-delete-scheduled').textContent()).toContain(words.scheduled);
    expect((await mailTo(portal.url, email, 'deletionScheduled')).subject).toBe(words.scheduledMail);
    await page.getByTestId('privacy-delete-signout').click();
    await page.waitForURL('**/auth');

    // signing in again, within the 7 days
    await signIn(page, email);
    await page.goto('/account/privacy');
    await poll(() => page.getByTestId('privacy-request-deletion').first().getAttribute('data-status')).toBe('canceled');
    expect(await page.getByTestId('privacy-request-canceled-reason').first().textContent()).toContain(words.canceledReason);
    expect((await mailTo(portal.url, email, 'deletionCanceled')).subject).toBe(words.canceledMail);
  });

  it('the company admin sees their users\' requests in the manager area', async () => {
    const context = await browser.newContext({ locale: lang, baseURL: portal.url });
    // the language the admin chose (the language picker's cookie wins over the profile's)
    await context.addCookies([{ name: 'i18n_lang', value: lang, url: portal.url }]);
    const page = await context.newPage();
    const watched = watchConsole(page);
    await signInAt(page, '/manager/users/privacy-requests', ADMIN);
    await page.getByTestId('privacy-requests-table').waitFor();
    await poll(() => page.getByTestId('manager-tab-privacy-requests').textContent()).toBe(words.tab);
    const row = (email: string, kind: string) => page.locator(`[data-testid="privacy-requests-row"][data-user="${email}"][data-kind="${kind}"]`);
    await poll(() => row(exporter[lang]!, 'export').getAttribute('data-status')).toBe('honoured');
    await poll(() => row(leaver[lang]!, 'deletion').getAttribute('data-status')).toBe('canceled');
    expect(await row(leaver[lang]!, 'deletion').textContent()).toContain(words.managerReason);
    await watched.settled();
    expect(watched.problems).toEqual([]);
  });
});

describe('the auditor\'s view of the requests', () => {
  it('en: the auditor sees who asked, when it was honoured and the proof, by id only', async () => {
    const page = await newPage('en');
    await signInAt(page, '/audit/privacy', AUDITOR);
    await poll(() => page.getByTestId('audit-privacy-title').textContent()).toBe('Privacy requests');
    const table = page.getByTestId('audit-privacy-table');
    await poll(() => table.textContent()).toMatch(/sha256:[0-9a-f]{64}/);
    for (const email of Object.values(exporter)) expect(await table.textContent()).not.toContain(email);
  });
});
