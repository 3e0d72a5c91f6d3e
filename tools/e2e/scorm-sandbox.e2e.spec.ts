import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { FIXTURE_STATION, useScormFixtures } from './scorm-content.js';

/**
 * Issue 27, the sandbox (ADR 0084): a SCORM package's own inline script, run from its `onload=`
 * handler on the sandboxed content origin, tries to read the portal's DOM, cookies and storage
 * and to call /api with the learner's credentials. Every attempt fails, while the SCORM API
 * (scorm-again's CrossFrameAPI in our launch frame, talking to the player by postMessage) works
 * and the package's score and status reach the learner's progress.
 */
const SCO = 'fixture-sandbox-probe';
const fixture = useScormFixtures('scorm-sandbox', [{ entryId: SCO, fixture: 'sandbox-probe', launch: 'content/probe.htm?mode=probe', scormVersion: '2004', title: 'Sandbox probe' }]);

describe('SCORM sandbox', () => {
  it('serves package files from the content origin only, with their MIME types, ranges and a permissive policy', async () => {
    const portal = fixture.portal();
    const { contentOrigin } = (await (await fetch(`${portal.url}/api/scorms/player`)).json()) as { contentOrigin: string };
    expect(new URL(contentOrigin).origin).not.toBe(new URL(portal.url).origin);
    const launch = await fetch(`${contentOrigin}/media/scorm/fixtures/sandbox-probe/content/probe.htm`);
    expect(launch.status).toBe(200);
    // an ASCII page is not labelled UTF-8: the frames it holds keep their own encoding (issue 27)
    expect(launch.headers.get('content-type')).toBe('text/html');
    expect(launch.headers.get('content-security-policy')).toContain("'unsafe-inline' 'unsafe-eval'");
    // third-party scripts from any host (a package's CDN copy of jQuery, when online)
    expect(launch.headers.get('content-security-policy')).toMatch(/^default-src \* /);
    expect(launch.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${new URL(portal.url).origin}`);
    expect(launch.headers.get('set-cookie')).toBeNull();
    const manifest = await fetch(`${contentOrigin}/media/scorm/fixtures/sandbox-probe/imsmanifest.xml`, { headers: { range: 'bytes=0-4' } });
    expect(manifest.status).toBe(206);
    expect(manifest.headers.get('content-type')).toBe('application/xml');
    expect(await manifest.text()).toBe('<?xml');
    // the portal's own origin keeps its strict policy and no longer serves package files
    expect((await fetch(`${portal.url}/api/media/scorm/fixtures/sandbox-probe/content/probe.htm`)).status).toBe(404);
    // a call to /api from the content origin is refused before any route runs
    for (const origin of [contentOrigin, 'null']) {
      const refused = await fetch(`${portal.url}/api/auth/refresh`, { method: 'POST', headers: { origin } });
      expect(refused.status, origin).toBe(403);
      expect(await refused.json()).toMatchObject({ code: '403' });
    }
    // nothing but package files: not the pack, not protected files, not the API
    for (const path of ['/pack.json', '/protected/docs/x.pdf', '/api/userData', '/media/thumbs/type-scorm.png']) expect((await fetch(`${contentOrigin}${path}`)).status, path).toBe(404);
  });

  it("keeps the package's script away from the portal's DOM, cookies, storage and API while its SCORM calls reach the learner's progress", async () => {
    const portal = fixture.portal();
    const page = fixture.page();
    const portalOrigin = new URL(portal.url).origin;
    const apiAnswers: { url: string; status: number }[] = [];
    page.on('response', (r: Response) => {
      const url = new URL(r.url());
      if (url.origin === portalOrigin && url.pathname.startsWith('/api/') && r.frame() !== page.mainFrame()) apiAnswers.push({ url: url.pathname, status: r.status() });
    });
    // the learner has credentials a package would like to use
    expect((await page.context().cookies(`${portal.url}/api/auth/refresh`)).map((c) => c.name)).toContain('portal_refresh');

    await page.goto(`${FIXTURE_STATION.path}?video=${SCO}&start=true`);
    const sco = page.frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
    await expect.poll(() => sco.locator('#report').textContent(), { timeout: 20_000 }).toContain('refreshNoCors');
    const report = JSON.parse((await sco.locator('#report').textContent()) ?? '{}') as Record<string, unknown>;

    // the package's own script ran: inline, from onload=, with eval, launched with its own query and nothing added
    expect(report).toMatchObject({ evalWorks: true, query: '?mode=probe', portalOrigin, apiFound: true, initialized: 'true' });
    // the portal's page, cookies and storage are another origin's
    for (const key of ['portalDocument', 'portalCookies', 'portalLocalStorage', 'portalToken']) expect(report[key], key).toBe('refused: SecurityError');
    expect(report.cookies).toBe('');
    expect(['read: ', 'refused: SecurityError']).toContain(report.ownLocalStorageKeys);
    // /api with the learner's credentials: the browser refuses to read it, the portal refuses to act on it
    expect(report.apiMe).toBe('refused: TypeError');
    expect(report.refresh).toBe('refused: TypeError');
    expect(report.refreshNoCors).toBe('opaque opaque');
    // the answers the browser shows at all (the no-cors one) are the portal's refusal
    await expect.poll(() => apiAnswers.length).toBeGreaterThanOrEqual(1);
    expect(apiAnswers.every((a) => a.status === 403), JSON.stringify(apiAnswers)).toBe(true);

    // while the SCORM API works: the package's score and status are the learner's progress
    const reported = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/scorms/progress'));
    await sco.locator('#finish').click();
    const progress = await reported;
    expect(progress.status()).toBe(200);
    expect(await progress.json()).toMatchObject({ scormId: SCO, status: 'passed', score: 85, completed: true });
    await expect.poll(() => page.getByTestId(`entry-status-${SCO}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
    // and the learner's own session is untouched
    await page.reload();
    await page.getByTestId('player-scorm-frame').waitFor();
  });
});
