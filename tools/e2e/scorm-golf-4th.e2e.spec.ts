import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dialog, FrameLocator } from 'playwright-core';
import { folderFiles, zipOf } from '../../contexts/learning/testing/scorm-zips.js';
import { CERTIFIED_STATION, SCORM_FIXTURES, useScormFixtures } from './scorm-content.js';
import { apiToken } from './shell-portal.js';

/**
 * Issue 27, "Done when" (ADR 0084 "Golf 4th Edition, offline"): a course of our own shaped like
 * the public Golf PostTestRollup4thEd example (tools/e2e/fixtures/scorm/golf-4th-shaped) is
 * uploaded as a zip and played to its end. One launch page serves every SCO through the item's
 * parameters; it uses its third-party script (here a copy inside the package, where Golf names a
 * CDN) before it talks to the LMS; the course is played through the flow and the table of
 * contents; the launch page resumes from its bookmark after a reload (its confirm()
 * accepted); the post-test alone decides success and score, which reach the entry's progress and
 * the certificate of the station the course is the only medium of.
 */
const COURSE = 'scorm-portal-fixture-golf-4th-shaped';
const fixture = useScormFixtures('scorm-golf-4th', [], { locale: 'en', certifiedStation: true });

const launch = (): FrameLocator => fixture.page().frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
const reportOf = async (): Promise<Record<string, unknown>> => JSON.parse((await launch().locator('#report').getAttribute('data-report', { timeout: 15_000 })) ?? '{}') as Record<string, unknown>;
const onSco = (id: string) => expect.poll(() => fixture.page().getByTestId('player-scorm').getAttribute('data-scorm-sco'), { timeout: 15_000 }).toBe(id);
const atPage = (position: string) => expect.poll(async () => (await reportOf()).position, { timeout: 15_000 }).toBe(position);
const saved = (scoId: string) =>
  fixture.page().waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/user-store/scorm-content/${COURSE}`) && (r.request().postData() ?? '').includes(`"scoId":"${scoId}"`));

async function getJson(path: string) {
  const token = await apiToken(fixture.portal().url, 'learner@demo.agro');
  return (await (await fetch(`${fixture.portal().url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown;
}

describe('a course shaped like the Golf 4th Edition example, uploaded as a zip', () => {
  it('runs its own scripts with their third-party library from the package, plays through its flow and table of contents, resumes from its bookmark and rolls the post-test up to the certificate', async () => {
    await fixture.publishZip(await zipOf(folderFiles(join(SCORM_FIXTURES, 'golf-4th-shaped'))), CERTIFIED_STATION.stationId);
    const page = fixture.page();
    // the launch page asks "resume from where you left off?": the learner says yes
    const prompts: string[] = [];
    page.on('dialog', (dialog: Dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(`${CERTIFIED_STATION.path}?video=${COURSE}&start=true`);
    await onSco('playing_item');
    await atPage('1/3');
    // its inline script ran from onload=, used the package's own copy of its library, found the API,
    // and got its item's parameters untouched
    expect(await reportOf()).toMatchObject({ query: 'playing', dollar: 'dollar 1.0 (fixture stand-in, served from the package)', initialized: 'true', page: 'Playing/Playing.html' });
    expect(await launch().frameLocator('#contentFrame').locator('#title').textContent()).toBe('Playing');
    await launch().locator('#butNotes').click();
    await expect.poll(async () => (await reportOf()).notes).toBe('open');
    await launch().locator('#butNext').click();
    await atPage('2/3');
    const completedSaved = saved('playing_item');
    await launch().locator('#butNext').click();
    await atPage('3/3');
    expect((await completedSaved).status()).toBe(200);
    await expect.poll(() => page.getByTestId('scorm-toc-playing_item').getAttribute('data-status')).toBe('completed');

    // Continue ends Playing's attempt (flow) and delivers Etiquette; a reload halfway through it
    await page.getByTestId('scorm-nav-continue').click();
    await onSco('etiquette_item');
    await atPage('1/2');
    expect(await reportOf()).toMatchObject({ query: 'etiquette', page: 'Etiquette/Course.html' });
    const bookmark = saved('etiquette_item');
    await launch().locator('#butNext').click();
    await atPage('2/2');
    expect((await bookmark).status()).toBe(200);
    expect(prompts).toEqual([]);
    await page.reload();
    await onSco('etiquette_item');
    // its bookmark read back: the confirm() was asked and the page is the one it left
    await atPage('2/2');
    expect(await reportOf()).toMatchObject({ resumed: true, page: 'Etiquette/Play.html' });
    expect(prompts).toEqual(['Would you like to resume from where you previously left off?']);
    expect(await page.getByTestId('scorm-toc-playing_item').getAttribute('data-status')).toBe('completed');

    // the table of contents (choice) to the post-test, which reads its own question sets from its query
    await page.getByTestId('scorm-toc-assessment_item').click();
    await onSco('assessment_item');
    const test = launch().frameLocator('#contentFrame');
    await expect.poll(() => test.locator('#sets').textContent(), { timeout: 15_000 }).toBe('Playing,Etiquette');
    await test.locator('#answer-right').click();
    await expect.poll(async () => (await reportOf()).recorded).toBe(90);
    // the SCO's own Exit (exitAll) ends the course; the sequencing rolls the post-test up
    await launch().locator('#butExit').click();
    await expect.poll(() => getJson(`/api/scorms/progress/${COURSE}`), { timeout: 15_000 }).toMatchObject({ status: 'passed', score: 90, completed: true });
    await expect.poll(() => page.getByTestId('scorm-ended').getAttribute('data-ended')).toBe('ended');
    await expect.poll(() => page.getByTestId(`entry-status-${COURSE}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
    await expect
      .poll(async () => ((await getJson('/api/user-certificates?cropId=soja')) as Array<{ certificateId: string; status: string }>).find((c) => c.certificateId === CERTIFIED_STATION.certificateId)?.status, { timeout: 10_000 })
      .toBe('issued');
  }, 90_000);
});
