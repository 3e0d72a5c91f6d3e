import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { apiToken, DEMO_PASSWORD } from './shell-portal.js';

/**
 * The scheduled-events imports in the browser (issue 15, ADR 0062): tc_admin checks an events file
 * with a bad row and sees its error in words, fixes the row, checks again and imports; the list
 * shows the imported events; the report of one exports XLSX with its headers in Portuguese.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('event imports', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const ADMIN = 'tc.admin@demo.agro';
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const rowAt = (page: Page, line: number) => page.locator(`[data-testid="import-row"][data-line="${line}"]`);

/** Opens a deep link signed out: sign-in keeps it as `next`; the area's welcome shows until dismissed once. */
async function signInAt(page: Page, path: string, email: string): Promise<void> {
  const flags = await fetch(`${portal.url}/api/userData`, { headers: { authorization: `Bearer ${await apiToken(portal.url, email)}` } }).then((r) => r.json() as Promise<{ flags: Record<string, unknown> }>);
  await page.goto(path);
  await page.waitForURL(/\/auth\?next=/);
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((url) => url.pathname === path);
  if (flags.flags.journeyWelcome === true) return;
  const welcome = page.getByTestId('welcome-journey-ok');
  await welcome.waitFor({ timeout: 10_000 });
  await welcome.click();
  await welcome.waitFor({ state: 'hidden' });
}

/** A day well ahead, so the events can be published. */
const day = (() => {
  const d = new Date(Date.now() + 30 * 24 * 3_600_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
})();

describe('importing events', () => {
  it('the preview shows the bad row with its error; fixed, the file imports and the list shows the events; the report exports XLSX', async () => {
    const run = Date.now();
    const header = 'Código;Título;Tipo;Data;Hora de início;Hora de término;Vagas;Local;Publicar';
    const good = `IMP-${run}-1;Dia de campo importado ${run};field-day;${day};09:00;12:00;30;Londrina - PR;sim`;
    const second = (finish: string) => `IMP-${run}-2;Curso importado ${run};course;${day};14:00;${finish};15;Rio Verde - GO;não`;
    const file = (rows: string[]) => ({ name: 'eventos.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[header, ...rows].join('\r\n')}\r\n`, 'utf8') });

    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, acceptDownloads: true });
    const page = await context.newPage();
    const watched = watchConsole(page);
    await signInAt(page, '/scheduled-events/import', ADMIN);
    await page.getByTestId('import-title').waitFor();

    // the template: the headers in Portuguese
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
    expect(template.suggestedFilename()).toBe('events-template-pt-BR.csv');
    expect(readFileSync((await template.path())!, 'utf8')).toMatch(/^\uFEFFCódigo;Título;Tipo;Descrição;Data;/);

    // a bad row (the finish before the start): shown with its error, nothing written
    await page.locator('input[type="file"]').setInputFiles(file([good, second('13:00')]));
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-preview').waitFor();
    await poll(() => page.getByTestId('import-total-invalid').getAttribute('data-count')).toBe('1');
    expect(await rowAt(page, 3).getAttribute('data-action')).toBe('invalid');
    expect(await rowAt(page, 3).getByTestId('import-row-errors').innerText()).toContain('O término deve ser depois do início');
    expect(await rowAt(page, 2).getAttribute('data-action')).toBe('create');

    // fixed, checked again, imported
    await page.locator('input[type="file"]').setInputFiles(file([good, second('18:00')]));
    await page.getByTestId('import-check').click();
    await poll(() => page.getByTestId('import-total-create').getAttribute('data-count')).toBe('2');
    expect(await page.getByTestId('import-total-invalid').getAttribute('data-count')).toBe('0');
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-result').waitFor();
    expect(await page.getByTestId('import-total-create').getAttribute('data-count')).toBe('2');

    // the list shows them: one published (Publicar = sim), one draft
    await page.goto(`/scheduled-events?q=${run}`);
    await page.getByTestId('events-table').waitFor();
    await poll(() => page.getByTestId('events-table').innerText()).toContain(`Dia de campo importado ${run}`);
    expect(await page.getByTestId('events-table').innerText()).toContain(`Curso importado ${run}`);

    // the report of the published one exports XLSX with the event in the first rows and Portuguese headers
    const token = await apiToken(portal.url, ADMIN);
    const list = await fetch(`${portal.url}/api/scheduledEvents/all?q=${encodeURIComponent(`Dia de campo importado ${run}`)}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<{ items: { eventId: string; state: string }[] }>);
    expect(list.items.map((e) => e.state)).toEqual(['published']);
    await page.goto(`/scheduled-events/reports/${list.items[0]!.eventId}`);
    await page.getByTestId('report-title').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Evento', `Dia de campo importado ${run}`]);
    expect((sheet.getRow(8).values as unknown[]).slice(1, 4)).toEqual(['ID do usuário', 'Nome', 'E-mail']);

    await watched.settled();
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
