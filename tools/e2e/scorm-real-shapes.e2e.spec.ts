import { describe, expect, it } from 'vitest';
import { FIXTURE_STATION, useScormFixtures } from './scorm-content.js';

/**
 * Issue 27, real packages (ADR 0084 "Real packages tried"): a package of our own shaped like the
 * public Golf sequencing examples plays to the end in the portal. Its launch page reads its own
 * query as they do (`location.search.replace("?content=", "")`, which the portal's `&v=…&lang=…`
 * used to break), its files come only through a dependency, its page sits in a folder with a space,
 * keeps an 8-bit byte without a charset (which a UTF-8 label turned into a replacement character),
 * and names its image in another case than the file.
 */
const SCO = 'fixture-golf-shaped';
const fixture = useScormFixtures('scorm-real-shapes', [{ entryId: SCO, fixture: 'golf-shaped', launch: 'shared/launchpage.html?content=playing', scormVersion: '2004', title: 'Golf-shaped' }]);

describe('a package shaped like the public Golf examples', () => {
  it('gets its launch query untouched, loads its 8-bit page and its image named in another case, and its score reaches the progress', async () => {
    const page = fixture.page();
    await page.goto(`${FIXTURE_STATION.path}?video=${SCO}&start=true`);
    const launch = page.frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
    await expect.poll(async () => JSON.parse((await launch.locator('#report').getAttribute('data-report')) ?? '{}'), { timeout: 20_000 }).toHaveProperty('imageWidth');
    const report = JSON.parse((await launch.locator('#report').getAttribute('data-report')) ?? '{}') as Record<string, unknown>;
    expect(report).toMatchObject({ query: 'playing', initialized: 'true', imageWidth: 2 });
    // the browser's own guess for a page with no charset (Chromium reads Golf's byte as the Mac
    // quote it was written as), never UTF-8's replacement character
    expect(report.charset).not.toBe('UTF-8');
    expect(report.text).toMatch(/^caused by players[\u2019\u00d5] footsteps$/);

    const reported = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/scorms/progress'));
    await launch.locator('#butFinish').click();
    const progress = await reported;
    expect(progress.status()).toBe(200);
    expect(await progress.json()).toMatchObject({ scormId: SCO, status: 'passed', score: 90, completed: true });
    await expect.poll(() => page.getByTestId(`entry-status-${SCO}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
  });
});
