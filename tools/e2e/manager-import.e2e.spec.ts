import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { signInAt } from './shell-portal.js';

/**
 * Bulk onboarding in the browser (issue 14, ADR 0055): the demo company's manager downloads the
 * template, uploads a CSV file (pt-BR headers, semicolons) with two bad rows among good ones, the
 * preview shows each bad row with its errors in words, the import writes the rest, and the user
 * list finds an imported user.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('manager import', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const MANAGER = 'company.manager@demo.agro';
const stamp = Date.now();
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const newPage = async (locale = 'pt-BR'): Promise<Page> => {
  const context = await browser.newContext({ locale, baseURL: portal.url, acceptDownloads: true });
  return context.newPage();
};

const rowAt = (page: Page, line: number) => page.locator(`[data-testid="import-row"][data-line="${line}"]`);

describe('importing users from a CSV file', () => {
  it('the preview shows the bad rows with their errors, and the import writes the others', async () => {
    const ana = `ana.importada.${stamp}@example.com`;
    const bruno = `bruno.importado.${stamp}@example.com`;
    const file = [
      'E-mail;Nome;Cidade;Grupo;Culturas permitidas',
      `${ana};Ana Importada;Londrina;Grupo Cerrado;Soja`,
      'sem-arroba.example.com;Sem Arroba;Recife;;',
      `${bruno};Bruno Importado;Maringá;;todas`,
      `carla.${stamp}@example.com;Carla Grupo;Curitiba;Grupo Inexistente;`,
    ].join('\r\n');

    const page = await newPage('pt-BR');
    const watched = watchConsole(page);
    // a deep link: sign-in keeps it as `next` and comes back to it
    await signInAt(page, '/manager/users/import', MANAGER);
    await poll(() => page.getByTestId('import-company').inputValue()).toBe('Cooperativa Demo');

    // the template: every column's header in Portuguese
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
    expect(download.suggestedFilename()).toBe('modelo-usuarios.csv');
    expect(readFileSync((await download.path())!, 'utf8')).toMatch(/^\uFEFFE-mail;Nome;País;Estado;Cidade;/);

    // the file, checked: nothing is saved yet
    await page.locator('input[type="file"]').setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-preview').waitFor();
    await poll(() => page.getByTestId('import-total-create').getAttribute('data-count')).toBe('2');
    expect(await page.getByTestId('import-total-invalid').getAttribute('data-count')).toBe('2');
    // the rows with errors first, each error in words on its row
    await poll(() => page.getByTestId('import-row').count()).toBe(2);
    expect(await rowAt(page, 3).getAttribute('data-action')).toBe('invalid');
    expect(await rowAt(page, 3).getByTestId('import-row-errors').textContent()).toContain('E-mail deve ser um e-mail válido');
    expect(await rowAt(page, 5).getByTestId('import-row-errors').textContent()).toContain('Grupo: “Grupo Inexistente” não é uma das opções');
    // every row, the good ones as new
    await page.getByTestId('import-filter').getByText('Todas as linhas').click();
    await poll(() => page.getByTestId('import-row').count()).toBe(4);
    expect(await rowAt(page, 2).getAttribute('data-action')).toBe('create');

    // the import writes the two good rows
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-result').waitFor();
    await poll(() => page.getByTestId('import-total-create').getAttribute('data-count')).toBe('2');
    expect(await page.getByTestId('import-total-invalid').getAttribute('data-count')).toBe('2');
    expect(await page.getByTestId('import-result').textContent()).toContain('Importação concluída');

    // the user list finds an imported user, pre-registered (no account yet)
    await page.getByTestId('import-back').click();
    await page.waitForURL((url) => url.pathname === '/manager/users');
    await page.getByTestId('users-filter-q').fill(bruno);
    const row = page.locator(`[data-testid="users-row"][data-email="${bruno}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Bruno Importado');
    await watched.settled();
    expect(watched.problems).toEqual([]);
  });

  it('first and last name columns in English are understood; a file without a name column is refused, naming the column (ADR 0082)', async () => {
    const page = await newPage('pt-BR');
    await signInAt(page, '/manager/users/import', MANAGER);

    // the file of issue 26: first_name,last_name,email,role
    const english = ['first_name,last_name,email,role', `Maria,Campos,maria.campos.${stamp}@example.com,learner`, `João,Prado,joao.prado.${stamp}@example.com,learner`].join('\r\n');
    await page.locator('input[type="file"]').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(english, 'utf8') });
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-preview').waitFor();
    await poll(() => page.getByTestId('import-total-create').getAttribute('data-count')).toBe('2');
    expect(await page.getByTestId('import-ignored').count()).toBe(0);
    expect(await page.getByTestId('import-preview').textContent()).toContain('Maria Campos');

    // no name column: the screen says which column is missing and offers no import
    const nameless = ['email,role', `sem.nome.${stamp}@example.com,learner`].join('\r\n');
    await page.locator('input[type="file"]').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(nameless, 'utf8') });
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-error').waitFor();
    expect(await page.getByTestId('import-error').textContent()).toContain('Falta uma coluna obrigatória no arquivo: Nome.');
    expect(await page.getByTestId('import-preview').count()).toBe(0);
    expect(await page.getByTestId('import-run').count()).toBe(0);
  });
});
