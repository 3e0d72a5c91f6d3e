import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE_STATION, useScormFixtures } from './scorm-content.js';
import { signInAt } from './shell-portal.js';
import { FILE_NAMES_FIXTURE, fixtureFiles, folderFiles, UPLOAD_FIXTURE_ENTRY, zipOf } from '../../contexts/learning/testing/scorm-zips.js';

/**
 * Issue 27, the upload (ADR 0084): an administrator uploads a SCORM zip in the manager area, a
 * bad manifest is refused with its file and line, the good zip's course is previewed (title,
 * version, SCOs) and published into a station, and a learner opens it: the package's own inline
 * script finds the SCORM API through the sandboxed content origin and its result reaches the
 * learner's progress.
 */
const fixture = useScormFixtures('scorm upload', []);

const ADMIN = 'admin@demo.agro';
const STATION = FIXTURE_STATION;
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

const newPage = async (locale: string): Promise<Page> => (await fixture.browser().newContext({ locale, baseURL: fixture.portal().url, viewport: { width: 1280, height: 900 } })).newPage();
const chooseZip = async (page: Page, name: string, zip: Buffer) => page.getByTestId('scorm-upload').locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/zip', buffer: zip });

describe('uploading a SCORM zip', () => {
  it('refuses a bad manifest with its line, previews and publishes a good zip, and a learner plays it', async () => {
    const admin = await newPage('pt-BR');
    await signInAt(admin, '/manager/users/scorm-upload', ADMIN);
    await admin.getByTestId('manager-tab-scorm-upload').waitFor();

    // a manifest that is not well-formed: the screen names the file and the line
    const manifest = fixtureFiles()['imsmanifest.xml']!.toString().replace('<title>Na prática</title>', '<title>Na prática</titel>');
    const line = manifest.split('\n').findIndex((l) => l.includes('</titel>')) + 1;
    await chooseZip(admin, 'broken.zip', await zipOf(fixtureFiles({ 'imsmanifest.xml': manifest })));
    await admin.getByTestId('scorm-upload-send').click();
    const error = admin.getByTestId('scorm-upload-error');
    await poll(() => error.getAttribute('data-code')).toBe('manifest_invalid');
    await expect.poll(() => error.textContent()).toContain(`Em imsmanifest.xml, linha ${line}:`);
    expect(await error.textContent()).toContain('O manifesto (imsmanifest.xml) é inválido');

    // the good zip: uploaded with its progress, then the course as its manifest says it
    await chooseZip(admin, 'irrigacao.zip', await zipOf(fixtureFiles()));
    await admin.getByTestId('scorm-upload-send').click();
    await admin.getByTestId('scorm-preview').waitFor({ timeout: 20_000 });
    expect(await admin.getByTestId('scorm-preview-title').textContent()).toBe('Irrigação por gotejamento');
    expect(await admin.getByTestId('scorm-preview-version').textContent()).toBe('SCORM 2004 4ª edição');
    expect(await admin.getByTestId('scorm-preview-scos').locator('tbody tr').allTextContents()).toEqual(['Introduçãolessons/intro.htm?lang=ptSCO', 'Na práticalessons/practice.htm?part=2SCO']);
    expect(await admin.getByTestId('scorm-upload-error').count()).toBe(0);

    await admin.getByTestId('scorm-publish-station').click();
    await admin.getByRole('option', { name: `Plantio · ${STATION.stationId}` }).click();
    await admin.getByTestId('scorm-publish').click();
    await poll(() => admin.getByTestId('scorm-published').textContent()).toMatch(/^Publicado em Plantio \(revisão \d+\)/);

    // the learner opens it: the package's inline script finds the API and its result is the learner's progress
    const learner = fixture.page();
    await learner.goto(`${STATION.path}?video=${UPLOAD_FIXTURE_ENTRY}&start=true`);
    const sco = learner.frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
    await poll(() => sco.locator('#state').textContent()).toBe('ready');
    expect(await sco.locator('#course-version').textContent()).toBe('Irrigação por gotejamento: versão 1');
    // a package of two SCOs plays through the table of contents: each commit names its SCO
    const committed = (scoId: string) =>
      learner.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/user-store/scorm-content/${UPLOAD_FIXTURE_ENTRY}`) && (r.request().postData() ?? '').includes(`"scoId":"${scoId}"`));
    const intro = committed('intro');
    await sco.locator('#finish').click();
    expect((await intro).status()).toBe(200);
    await poll(() => learner.getByTestId('scorm-toc-intro').getAttribute('data-status')).toBe('passed');
    const practice = committed('practice');
    await learner.getByTestId('scorm-toc-practice').click();
    expect((await practice).status()).toBe(200);
    await poll(() => sco.locator('#state').textContent()).toBe('completed');
    // Continue past the last SCO ends the attempt: the sequencing rolls the course up to the entry
    const rolled = committed('practice');
    await learner.getByTestId('scorm-nav-continue').click();
    expect(((await (await rolled).json()) as { progress: Record<string, unknown> }).progress).toMatchObject({ completed: true });
    await poll(() => learner.getByTestId(`entry-status-${UPLOAD_FIXTURE_ENTRY}`).getAttribute('data-status')).toBe('completed');
  });

  // issue 27: the manifest names files as URI references (M%C3%B3dulo%201/100%25%20pronto...); the preview shows them as the zip does
  it.each([
    { locale: 'pt-BR', heads: ['SCO', 'Arquivo de abertura', 'Parâmetros', 'Tipo'], asset: 'Recurso' },
    // (the screen speaks the signed-in admin's own language, pt-BR, whatever the browser's; the es and
    // en words are in apps/web/src/locales/{es,en}/manager-content.json)
  ])('previews decoded titles and file names in $locale', async ({ locale, heads, asset }) => {
    const admin = await newPage(locale);
    await signInAt(admin, '/manager/users/scorm-upload', ADMIN);
    await admin.getByTestId('manager-tab-scorm-upload').waitFor();
    await chooseZip(admin, 'nomes.zip', await zipOf(folderFiles(FILE_NAMES_FIXTURE)));
    await admin.getByTestId('scorm-upload-send').click();
    await admin.getByTestId('scorm-preview').waitFor({ timeout: 20_000 });
    expect(await admin.getByTestId('scorm-preview-title').textContent()).toBe('Nomes de arquivo difíceis');
    const table = admin.getByTestId('scorm-preview-scos');
    expect(await table.locator('thead th').allTextContents()).toEqual(heads);
    const cells = async (sco: string) => table.locator(`tbody tr[data-sco="${sco}"] td`).allTextContents();
    expect(await cells('guide')).toEqual(['Leia antes', 'Guia de campo/leia antes.html', '', asset]);
    expect(await cells('check')).toEqual(['Verificação', 'Módulo 1/100% pronto #1?.htm', '?from=lms', 'SCO']);
    expect(await admin.content()).not.toContain('M%C3%B3dulo');
    await admin.context().close();
  });
});
