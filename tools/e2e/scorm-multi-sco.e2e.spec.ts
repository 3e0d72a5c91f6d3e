import { describe, expect, it } from 'vitest';
import type { FrameLocator } from 'playwright-core';
import { CERTIFIED_STATION, FIXTURE_STATION, useScormFixtures } from './scorm-content.js';
import { apiToken } from './shell-portal.js';

/**
 * Issue 27, multi-SCO packages (ADR 0084): our fixtures behave like authoring-tool output (inline
 * scripts, onload= handlers, eval, .htm SCOs, a launch page in a sub-folder with a query) and are
 * published through the content pack importer. Each is played to its end through the player's
 * table of contents and buttons and the SCOs' own navigation, reloaded halfway (each SCO resumes
 * from its own data), and the course's rolled-up status and score reach the entry's progress.
 * The quiz's interaction and objective reach the auditor in words; a commit made offline is kept,
 * sent once when the connection returns, and resumed from; the 1.2 course is the only medium of a
 * station a certificate requires, and completing it through the player issues the certificate.
 */
const SEQ = 'fixture-sequenced-2004';
const MULTI = 'fixture-multi-12';
const fixture = useScormFixtures(
  'scorm-multi-sco',
  [
    { entryId: SEQ, fixture: 'sequenced-2004', launch: 'lessons/intro.htm?from=lms', scormVersion: '2004', title: 'Soil preparation' },
    { entryId: MULTI, fixture: 'multi-12', launch: 'sco/part1.htm', scormVersion: '1.2', title: 'Irrigation basics', certified: true },
  ],
  { locale: 'en' },
);
const learnerPage = () => fixture.page();

const sco = (): FrameLocator => learnerPage().frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
const player = () => learnerPage().getByTestId('player-scorm');
const onSco = async (id: string) => expect.poll(() => player().getAttribute('data-scorm-sco'), { timeout: 15_000 }).toBe(id);
const saved = (scoId: string) => learnerPage().waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/user-store/scorm-content/') && (r.request().postData() ?? '').includes(`"scoId":"${scoId}"`));

async function progressOf(scormId: string) {
  return getJson(`/api/scorms/progress/${scormId}`, 'learner@demo.agro');
}
async function getJson(path: string, email: string) {
  const token = await apiToken(fixture.portal().url, email);
  return (await (await fetch(`${fixture.portal().url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
}
/** The demo learner's id (the token's subject). */
async function learnerId(): Promise<string> {
  const token = await apiToken(fixture.portal().url, 'learner@demo.agro');
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
}
/** The learner's ScormStateSaved events as the auditor's API lists them. */
async function commitsOf(userId: string): Promise<Array<{ data: { scoId?: string; cmi: Record<string, string> } }>> {
  const answer = await getJson(`/api/audit/subjects/user/${userId}/timeline?type=ScormStateSaved&limit=500`, 'auditor@demo.agro');
  return answer.events as Array<{ data: { scoId?: string; cmi: Record<string, string> } }>;
}

describe('SCORM packages of several SCOs', () => {
  it('plays a SCORM 2004 course with choice and flow sequencing, resumes each SCO after a reload and rolls its score up to the entry', async () => {
    const page = fixture.page();
    await page.goto(`${FIXTURE_STATION.path}?video=${SEQ}&start=true`);
    await onSco('intro');
    // the launch page in a sub-folder, with its query, ran its onload= handler
    await expect.poll(() => sco().locator('#status').textContent(), { timeout: 15_000 }).toMatch(/^entry ab-initio \?from=lms/);
    // the table of contents chooses the lesson (choice), and the intro's completion was kept
    const introSaved = saved('intro');
    await page.getByTestId('scorm-toc-lesson').click();
    await onSco('lesson');
    expect((await introSaved).status()).toBe(200);
    await expect.poll(() => page.getByTestId('scorm-toc-intro').getAttribute('data-status')).toBe('completed');
    await expect.poll(() => sco().locator('#topic').textContent()).toBe('topic=soil');
    await expect.poll(() => sco().locator('#page').textContent()).toBe('Page 1 of 2');
    const pageSaved = saved('lesson');
    await sco().locator('#next-page').click();
    expect((await pageSaved).status()).toBe(200);

    // halfway: the lesson resumes on its own page 2 (its suspend_data read back with eval)
    await page.reload();
    await onSco('lesson');
    await expect.poll(() => sco().locator('#page').textContent(), { timeout: 15_000 }).toBe('Page 2 of 2');
    expect(await page.getByTestId('scorm-toc-intro').getAttribute('data-status')).toBe('completed');

    // the SCO's own adl.nav.request=continue leads to the quiz (flow), which hides Previous
    await sco().locator('#done').click();
    await onSco('quiz');
    expect(await page.getByTestId('scorm-nav-previous').count()).toBe(0);
    const answered = saved('quiz');
    await sco().locator('#answer-b').click();
    expect((await answered).status()).toBe(200);
    // the player's Continue past the last SCO ends the course; the sequencing rolled it up
    const rolled = saved('quiz');
    await page.getByTestId('scorm-nav-continue').click();
    const answer = (await (await rolled).json()) as { progress: Record<string, unknown> };
    expect(answer.progress).toMatchObject({ status: 'passed', score: 90, completed: true });
    await expect.poll(() => page.getByTestId('scorm-ended').getAttribute('data-ended')).toBe('ended');
    await expect.poll(() => page.getByTestId(`entry-status-${SEQ}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
    expect(await progressOf(SEQ)).toMatchObject({ status: 'passed', score: 90, completed: true });

    // the auditor reads the quiz's interaction and objective with the learner's attempt, in words
    const auditor = await fixture.pageFor('auditor@demo.agro');
    const auditorContext = auditor.context();
    await auditor.goto(`/audit/user/${await learnerId()}`);
    await auditor.getByTestId('audit-filter-type').click();
    await auditor.getByRole('option', { name: /^ScormStateSaved/ }).click();
    const interaction = auditor.locator('[data-testid="audit-scorm"][data-sco="quiz"] [data-testid="audit-scorm-interaction"][data-id="soil-depth"]').last();
    await interaction.waitFor({ timeout: 15_000 });
    expect(await interaction.locator('td').allTextContents()).toEqual(['How deep is a soil sample taken? (soil-depth)', 'b', 'correct', 'b', 'PT4S', '2026-12-01T10:00:00']);
    const attempt = auditor.locator('[data-testid="audit-scorm"][data-sco="quiz"]').last();
    expect(await attempt.textContent()).toContain('Planting · Soil preparation');
    // the quiz's primary objective (the manifest's), which the SCO's success and score satisfy
    expect(await attempt.locator('[data-testid="audit-scorm-objective"][data-id="quiz-passed"] td').allTextContents()).toEqual(['quiz-passed', 'passed', '90']);
    await auditorContext.close();
  }, 90_000);

  it('plays a SCORM 1.2 multi-SCO course in order, resumes the SCO it was in after a reload, and completes the entry', async () => {
    const page = fixture.page();
    await page.goto(`${CERTIFIED_STATION.path}?video=${MULTI}&start=true`);
    await onSco('part1');
    await expect.poll(() => sco().locator('#status').textContent(), { timeout: 15_000 }).toBe('status not attempted');
    // LMSFinish of a completed SCO plays the next item
    await sco().locator('#done').click();
    await onSco('part2');
    await expect.poll(() => page.getByTestId('scorm-toc-part1').getAttribute('data-status')).toBe('completed');
    await expect.poll(() => sco().locator('#page').textContent()).toBe('Page 1 of 2');
    await expect.poll(() => page.getByTestId('scorm-save-state').getAttribute('data-state')).toBe('saved');

    // offline, the SCO commits its page 2: kept, and the learner reads that it will be retried
    await page.context().setOffline(true);
    await sco().locator('#next-page').click();
    await expect.poll(() => page.getByTestId('scorm-save-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('retrying');
    const pageSaved = saved('part2');
    await page.context().setOffline(false);
    expect((await pageSaved).status()).toBe(200);
    await expect.poll(() => page.getByTestId('scorm-save-state').getAttribute('data-state')).toBe('saved');
    // the server has that commit exactly once
    const atPage2 = (await commitsOf(await learnerId())).filter((e) => e.data.scoId === 'part2' && e.data.cmi['cmi.core.lesson_location'] === 'page-2');
    expect(atPage2).toHaveLength(1);

    // a reload resumes from it
    await page.reload();
    await onSco('part2');
    await expect.poll(() => sco().locator('#page').textContent(), { timeout: 15_000 }).toBe('Page 2 of 2');
    // the table of contents goes back to the first item and Continue returns
    await page.getByTestId('scorm-toc-part1').click();
    await onSco('part1');
    await expect.poll(() => sco().locator('#status').textContent()).toBe('status completed');
    await page.getByTestId('scorm-nav-continue').click();
    await onSco('part2');
    await expect.poll(() => sco().locator('#page').textContent()).toBe('Page 2 of 2');
    await sco().locator('#done').click();
    await onSco('test');
    // the item's adlcp:masteryscore reaches the SCO
    await expect.poll(() => sco().locator('#mastery').textContent()).toBe('mastery 70');
    const finished = saved('test');
    await sco().locator('#answer-right').click();
    const answer = (await (await finished).json()) as { progress: Record<string, unknown> };
    expect(answer.progress).toMatchObject({ status: 'completed', score: 80, completed: true });
    await expect.poll(() => page.getByTestId(`entry-status-${MULTI}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
    expect(await progressOf(MULTI)).toMatchObject({ status: 'completed', score: 80, completed: true });
    // the package is the only medium of a station the certificate requires: completing it issues the certificate
    await expect
      .poll(async () => ((await getJson('/api/user-certificates?cropId=soja', 'learner@demo.agro')) as unknown as Array<{ certificateId: string; status: string }>).find((c) => c.certificateId === CERTIFIED_STATION.certificateId)?.status, { timeout: 10_000 })
      .toBe('issued');
  }, 60_000);
});
