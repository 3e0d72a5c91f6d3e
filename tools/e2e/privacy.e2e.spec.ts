import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import yauzl from 'yauzl';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { verifiedLearner } from './api-learner.js';
import { mailTo } from './mailbox.js';
import { signIn, signInAt } from './shell-portal.js';

/**
 * The data subject's rights in the browser (issue 31 part B, ADR 0092), one locale each: a learner
 * asks for their data, opens the mailed link and gets the ZIP (pt-BR); a learner deletes their
 * account, is signed out, signs in within the grace period and the deletion is canceled (es); the
 * company admin sees both requests in the manager area (pt-BR); the auditor sees the proof (en).
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('privacy', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const ADMIN = 'company.admin@demo.agro';
/** the demo auditor's profile language is English */
const AUDITOR = 'auditor@demo.agro';
const COMPANY_DOMAIN = 'cooperativa.demo';
/** Each attempt (a retried test included) makes its own learner; the manager's test reads the last ones. */
let exporter = '';
let leaver = '';
const fresh = (kind: string) => `titular.${kind}.${Date.now()}@${COMPANY_DOMAIN}`;

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

describe('the data subject\'s rights', () => {
  it('pt-BR: "Baixar meus dados" is mailed as a link that gives the ZIP', async () => {
    exporter = fresh('export');
    await verifiedLearner(portal.url, exporter, { name: 'Titular Exporta', lang: 'pt-BR' });
    const page = await newPage('pt-BR');
    const watched = watchConsole(page);
    // /account screens keep no `next` (000 §2.2): sign in, then the profile's privacy page
    await signIn(page, exporter);
    await page.goto('/account/profile');
    await page.getByTestId('profile-privacy').click();
    await poll(() => page.getByTestId('privacy-title').textContent()).toBe('Privacidade e meus dados');
    await page.getByTestId('privacy-export-request').click();
    await page.getByTestId('privacy-export-pending').waitFor();

    const mail = await mailTo(portal.url, exporter, 'dataExportReady');
    expect(mail.subject).toBe('Seus dados estão prontos para download');
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

  it('es: "Eliminar mi cuenta" signs out, and signing in within the grace period cancels it', async () => {
    leaver = fresh('delete');
    await verifiedLearner(portal.url, leaver, { name: 'Titular Elimina', lang: 'es' });
    const page = await newPage('es');
    await signIn(page, leaver);
    await page.goto('/account/privacy');
    await poll(() => page.getByTestId('privacy-title').textContent()).toBe('Privacidad y mis datos');
    await page.getByTestId('privacy-delete').click();
    await page.getByTestId('privacy-delete-confirm').click();
    await poll(() => page.getByTestId('privacy-delete-scheduled').textContent()).toContain('Iniciar sesión antes cancela la eliminación');
    expect((await mailTo(portal.url, leaver, 'deletionScheduled')).subject).toBe('Tu cuenta será eliminada');
    await page.getByTestId('privacy-delete-signout').click();
    await page.waitForURL('**/auth');

    // signing in again, within the 7 days
    await signIn(page, leaver);
    await page.goto('/account/privacy');
    await poll(() => page.getByTestId('privacy-request-deletion').first().getAttribute('data-status')).toBe('canceled');
    expect(await page.getByTestId('privacy-request-canceled-reason').first().textContent()).toContain('Cancelada porque iniciaste sesión');
    expect((await mailTo(portal.url, leaver, 'deletionCanceled')).subject).toBe('Se canceló la eliminación de tu cuenta');
  });

  it('pt-BR: the company admin sees their users\' requests in the manager area', async () => {
    const page = await newPage('pt-BR');
    const watched = watchConsole(page);
    await signInAt(page, '/manager/users/privacy-requests', ADMIN);
    await page.getByTestId('privacy-requests-table').waitFor();
    expect(await page.getByTestId('manager-tab-privacy-requests').textContent()).toBe('Pedidos de privacidade');
    const row = (email: string, kind: string) => page.locator(`[data-testid="privacy-requests-row"][data-user="${email}"][data-kind="${kind}"]`);
    await poll(() => row(exporter, 'export').getAttribute('data-status')).toBe('honoured');
    await poll(() => row(leaver, 'deletion').getAttribute('data-status')).toBe('canceled');
    expect(await row(leaver, 'deletion').textContent()).toContain('Cancelado porque você entrou na conta');
    await watched.settled();
    expect(watched.problems).toEqual([]);
  });

  it('en: the auditor sees who asked, when it was honoured and the proof, by id only', async () => {
    const page = await newPage('en');
    await signInAt(page, '/audit/privacy', AUDITOR);
    await poll(() => page.getByTestId('audit-privacy-title').textContent()).toBe('Privacy requests');
    const table = page.getByTestId('audit-privacy-table');
    await poll(() => table.textContent()).toMatch(/sha256:[0-9a-f]{64}/);
    expect(await table.textContent()).not.toContain(exporter);
  });
});
