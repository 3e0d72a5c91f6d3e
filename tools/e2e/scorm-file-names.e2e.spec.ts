import { describe, expect, it } from 'vitest';
import { ASSET_ONLY_FIXTURE, ASSET_ONLY_FIXTURE_ENTRY, FILE_NAMES_FIXTURE, FILE_NAMES_FIXTURE_ENTRY, folderFiles, zipOf } from '../../contexts/learning/testing/scorm-zips.js';
import { FIXTURE_STATION, useScormFixtures } from './scorm-content.js';
import { apiToken } from './shell-portal.js';

/**
 * Issue 27 (ADR 0084 "File names that need percent-encoding", "Asset SCOs"): an uploaded package
 * whose SCO lives in `Módulo 1/100% pronto #1?.htm` (named by the manifest as a URI reference,
 * by the zip as the raw name) plays in the browser: the launch address reaches that file, its
 * encoded relative link to `ajuda #1.js` loads, and its query arrives untouched. The first item
 * is an asset that never calls the API: it counts as completed once launched, the flow continues
 * past it, and the course rolls up to the entry.
 */
const COURSE = FILE_NAMES_FIXTURE_ENTRY;
const fixture = useScormFixtures('scorm-file-names', []);
const progressOf = async (entryId: string) => {
  const token = await apiToken(fixture.portal().url, 'learner@demo.agro');
  return (await fetch(`${fixture.portal().url}/api/scorms/progress/${entryId}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<Record<string, unknown>>;
};

describe('a package with file names that need percent-encoding, and an asset', () => {
  it('plays the asset (completed once launched), then the SCO in its oddly named file, to the end of the course', async () => {
    await fixture.publishZip(await zipOf(folderFiles(FILE_NAMES_FIXTURE)));
    const page = fixture.page();
    const player = page.getByTestId('player-scorm');
    const frame = page.frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
    const onSco = (id: string) => expect.poll(() => player.getAttribute('data-scorm-sco'), { timeout: 15_000 }).toBe(id);
    const committed = (scoId: string) =>
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/user-store/scorm-content/${COURSE}`) && (r.request().postData() ?? '').includes(`"scoId":"${scoId}"`));

    const assetSaved = committed('guide');
    await page.goto(`${FIXTURE_STATION.path}?video=${COURSE}&start=true`);
    await onSco('guide');
    // the asset's page, in a folder with a space: shown, never calling the API, and completed
    await expect.poll(() => frame.locator('#guide').textContent(), { timeout: 15_000 }).toBe('Leia antes de começar');
    expect((await assetSaved).status()).toBe(200);
    await expect.poll(() => page.getByTestId('scorm-toc-guide').getAttribute('data-status')).toBe('completed');

    // the flow continues past the asset to the SCO in `Módulo 1/100% pronto #1?.htm`
    await page.getByTestId('scorm-nav-continue').click();
    await onSco('check');
    await expect.poll(() => frame.locator('#state').textContent(), { timeout: 15_000 }).toBe('ready');
    expect(await frame.locator('#file').textContent()).toBe('100% pronto #1?.htm');
    expect(await frame.locator('#query').textContent()).toBe('?from=lms');
    expect(await frame.locator('#helper').textContent()).toBe('helper loaded');

    const checkSaved = committed('check');
    await frame.locator('#finish').click();
    expect((await checkSaved).status()).toBe(200);
    await expect.poll(() => page.getByTestId('scorm-toc-check').getAttribute('data-status')).toBe('passed');
    // Continue past the last item ends the course: the asset counts in the roll-up
    const rolled = committed('check');
    await page.getByTestId('scorm-nav-continue').click();
    expect(((await (await rolled).json()) as { progress: Record<string, unknown> }).progress).toMatchObject({ completed: true });
    await expect.poll(() => page.getByTestId(`entry-status-${COURSE}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
  }, 60_000);

  it('plays a package whose only resource is an asset: completed once opened, the entry too, and still completed after a reload', async () => {
    await fixture.publishZip(await zipOf(folderFiles(ASSET_ONLY_FIXTURE)));
    const page = fixture.page();
    const frame = page.frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
    await page.goto(`${FIXTURE_STATION.path}?video=${ASSET_ONLY_FIXTURE_ENTRY}&start=true`);
    await expect.poll(() => page.getByTestId('player-scorm').getAttribute('data-scorm-sco'), { timeout: 15_000 }).toBe('calibration');
    // the page, in a folder with a space, with its style sheet: shown, never calling the API
    await expect.poll(() => frame.locator('#sheet').textContent(), { timeout: 15_000 }).toBe('Sprayer calibration');
    expect(await frame.locator('#sheet').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 96, 48)');
    // opened is done: the asset, the course rolled up, the entry
    // (two commits: the asset completed, then its attempt ended and rolled up; the second decides)
    await expect.poll(() => progressOf(ASSET_ONLY_FIXTURE_ENTRY), { timeout: 15_000 }).toMatchObject({ status: 'passed', completed: true });
    await expect.poll(() => page.getByTestId('scorm-toc-calibration').getAttribute('data-status')).toBe('completed');
    await expect.poll(() => page.getByTestId(`entry-status-${ASSET_ONLY_FIXTURE_ENTRY}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
    // the asset stays shown while the learner reads it
    expect(await frame.locator('#sheet').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('scorm-toc-calibration').getAttribute('data-status'), { timeout: 15_000 }).toBe('completed');
    await expect.poll(() => frame.locator('#sheet').textContent(), { timeout: 15_000 }).toBe('Sprayer calibration');
  }, 60_000);
});
