import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureVersion, UPLOAD_FIXTURE_ENTRY, zipOf } from '../../contexts/learning/testing/scorm-zips.js';
import { FIXTURE_STATION, useScormFixtures } from './scorm-content.js';

/**
 * Issue 27 (ADR 0084 "An attempt stays on its revision"): version 1 of a course is uploaded and
 * a learner plays it halfway; version 2 is uploaded and published; the learner reloads and is
 * still on version 1's files, resumed where they were, and finishes it there. A second learner,
 * who begins after, gets version 2.
 */
const COURSE = UPLOAD_FIXTURE_ENTRY;
const fixture = useScormFixtures('scorm-revisions', []);

const frameOf = (page: Page) => page.getByTestId('player-scorm-frame');
const sco = (page: Page) => page.frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
const committed = (page: Page, scoId: string) =>
  page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/user-store/scorm-content/${COURSE}`) && (r.request().postData() ?? '').includes(`"scoId":"${scoId}"`));
const open = async (page: Page) => {
  await page.goto(`${FIXTURE_STATION.path}?video=${COURSE}&start=true`);
  await expect.poll(() => sco(page).locator('#state').textContent(), { timeout: 20_000 }).toBe('ready');
};

describe('a new version of a course uploaded while a learner is in it', () => {
  it('keeps the learner on the version they began, resumed after a reload, and gives a learner who begins after the new one', async () => {
    const v1 = await fixture.publishZip(await zipOf(fixtureVersion(1)));
    const page = fixture.page();
    await open(page);
    expect(await sco(page).locator('#course-version').textContent()).toBe('Irrigação por gotejamento: versão 1');
    expect(decodeURIComponent((await frameOf(page).getAttribute('src')) ?? '')).toContain(`/media/scorm-uploads/${v1.packageId}/`);
    // halfway: the first SCO is done
    const intro = committed(page, 'intro');
    await sco(page).locator('#finish').click();
    const introAnswer = await intro;
    expect(introAnswer.status()).toBe(200);
    expect(JSON.parse(introAnswer.request().postData() ?? '{}')).toMatchObject({ revision: v1.revision });
    await expect.poll(() => page.getByTestId('scorm-toc-intro').getAttribute('data-status')).toBe('passed');

    const v2 = await fixture.publishZip(await zipOf(fixtureVersion(2)));
    expect(v2.packageId).not.toBe(v1.packageId);
    expect(v2.revision).toBeGreaterThan(v1.revision);

    // the reload: still version 1's files, and its run-time data resumed
    await page.reload();
    await expect.poll(() => sco(page).locator('#course-version').textContent(), { timeout: 20_000 }).toBe('Irrigação por gotejamento: versão 1');
    expect(decodeURIComponent((await frameOf(page).getAttribute('src')) ?? '')).toContain(`/media/scorm-uploads/${v1.packageId}/`);
    await expect.poll(() => page.getByTestId('scorm-toc-intro').getAttribute('data-status')).toBe('passed');
    // and finished on it
    const practice = committed(page, 'practice');
    await page.getByTestId('scorm-toc-practice').click();
    expect((await practice).status()).toBe(200);
    await expect.poll(() => sco(page).locator('#state').textContent()).toBe('completed');
    const rolled = committed(page, 'practice');
    await page.getByTestId('scorm-nav-continue').click();
    const done = (await (await rolled).json()) as { revision: number; progress: Record<string, unknown> };
    expect(done).toMatchObject({ revision: v1.revision, progress: { completed: true } });

    // a learner who begins now plays version 2
    const other = await fixture.pageFor('company.manager@demo.agro');
    await open(other);
    expect(await sco(other).locator('#course-version').textContent()).toBe('Irrigação por gotejamento: versão 2');
    expect(decodeURIComponent((await frameOf(other).getAttribute('src')) ?? '')).toContain(`/media/scorm-uploads/${v2.packageId}/`);
    expect(await other.getByTestId('scorm-toc-intro').getAttribute('data-status')).toBe('');
    const theirs = committed(other, 'intro');
    await sco(other).locator('#finish').click();
    expect(JSON.parse((await theirs).request().postData() ?? '{}')).toMatchObject({ revision: v2.revision });
  }, 90_000);
});
