import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { explainFailures, launchBrowser, startPortal, type Portal } from './harness.js';
import { seekToEndAndPlay } from './players.js';
import { apiToken, signIn } from './shell-portal.js';

/**
 * Issue 30 (field mode) in the browser, with the network cut by playwright's `context.setOffline`:
 * the demo learner saves a station for offline, reloads it with no signal, plays its video to the
 * end, answers its question and bookmarks it; back online the learner outbox drains and the
 * server's state is what the same actions online would have made. A tab killed mid-sync loses
 * and doubles nothing, and two tabs draining the same outbox send each action once.
 */
let portal: Portal;
let browser: Browser;

explainFailures('field-mode', () => browser, () => portal?.output() ?? '');

const EMAIL = 'learner@demo.agro';
const STATION = 'soja-plantio';
const VIDEO = 'soja-plantio-video';
const PAGE = `/training/soja/${STATION}?video=${VIDEO}`;
/** the station's SCORM 1.2 course (content/media/scorm/solo-12: four pages, a question on the third) */
const SCORM = 'soja-plantio-solo';

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

interface EntryState {
  completedAt: string | null;
  completedCount: number;
  bookmarkAt: string | null;
  feedbackScore: number | null;
  answers: Record<string, { isCorrect: boolean; answeredAt: string }>;
}

/** The learner's entry as the server has it (the test's own session). */
const serverEntry = async (entryId = VIDEO): Promise<EntryState | null> => {
  const token = await apiToken(portal.url, EMAIL);
  const answer = await fetch(`${portal.url}/api/stations/${STATION}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  const station = (await answer.json()) as { entries: { entryId: string; state: EntryState | null }[] };
  return station.entries.find((e) => e.entryId === entryId)?.state ?? null;
};

/** The learner's progress in the SCORM course as the server has it. */
const scormProgress = async (): Promise<{ status: string | null; completed: boolean }> => {
  const token = await apiToken(portal.url, EMAIL);
  const answer = await fetch(`${portal.url}/api/scorms/progress/${SCORM}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { status: string | null; completed: boolean };
};

/**
 * The learner writes that reached the server and were answered (each with its Idempotency-Key and
 * X-Client-Time); tries that failed with no connection are not counted.
 */
const learnerWrites = (context: BrowserContext) => {
  const seen: { key: string | null; clientTime: string | null; url: string }[] = [];
  context.on('requestfinished', (request: Request) => {
    if (request.method() !== 'POST') return;
    const url = new URL(request.url());
    if (!/^\/api\/(user-store\/(station|answer|scorm-content)|content\/(view|media-state)|scorms\/progress)/.test(url.pathname)) return;
    const headers = request.headers();
    seen.push({ key: headers['idempotency-key'] ?? null, clientTime: headers['x-client-time'] ?? null, url: url.pathname });
  });
  return seen;
};

/** Waits until the page's service worker controls it (the first load installs it). */
const controlled = async (page: Page): Promise<void> => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
};

const saveStation = async (page: Page): Promise<void> => {
  await openStation(page);
  await page.getByTestId('offline-save-button').click();
  const size = page.getByTestId('offline-size');
  await size.waitFor();
  // the size shows before the download starts: the demo video alone is more than a few kB
  expect(Number(await size.getAttribute('data-bytes'))).toBeGreaterThan(10_000);
  await page.getByTestId('offline-download').click();
  await page.getByTestId('offline-available').waitFor({ timeout: 60_000 });
};

/** Plays the video to its end with no connection: the station shows it completed from the outbox. */
const playToEndOffline = async (page: Page): Promise<void> => {
  await seekToEndAndPlay(page);
  await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.ended === true);
  await expect.poll(() => page.getByTestId(`entry-status-${VIDEO}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
};

const answerOffline = async (page: Page): Promise<void> => {
  await page.getByTestId('open-entry-questions').click();
  const overlay = page.getByTestId('question-overlay');
  await overlay.getByTestId('question-steps').waitFor();
  const questionId = (await overlay.getByTestId('question-steps').getAttribute('data-question-id'))!;
  await overlay.getByTestId(`option-${questionId}-a`).check();
  await overlay.getByTestId('question-submit').click();
  // decided by the server when it syncs (ADR 0041)
  await overlay.getByTestId('answer-queued').waitFor();
  await page.keyboard.press('Escape');
};

/** A tap on the feedback star of `score` (the radio inputs under the stars are visually hidden). */
const rate = async (page: Page, score: string) => {
  const id = await page.getByTestId('entry-feedback').locator(`input[value="${score}"]`).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
};

/** Lets the page's own writes of its opening (the station visit after 500 ms, the view) reach the server. */
const settled = async (page: Page, timeout = 15_000): Promise<void> => {
  await page.waitForTimeout(1200);
  try {
    await expect.poll(() => pendingCount(page), { timeout }).toBe(0);
  } catch (error) {
    const badge = await page.getByTestId('sync-status').getAttribute('data-pending').catch(() => null);
    const kept = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open('portal-field');
          open.onsuccess = () => {
            const all = open.result.transaction('outbox').objectStore('outbox').getAll();
            all.onsuccess = () => resolve(all.result);
          };
        }),
    );
    throw new Error(`the outbox did not drain (badge ${badge}): ${JSON.stringify(kept)}`, { cause: error });
  }
};

const pendingCount = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('sync-status');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.getAttribute('data-pending'));
};

/** A new browser (context) of the learner, signed in, and the writes it sends. */
const newLearner = async () => {
  const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 1280, height: 900 } });
  const writes = learnerWrites(context);
  const page = await context.newPage();
  await signIn(page, EMAIL);
  return { context, writes, page };
};

/** The station in `page`, controlled by the service worker, once its opening writes have reached the server. */
const openStation = async (page: Page): Promise<Page> => {
  await page.goto(PAGE);
  await page.getByTestId('station-title').waitFor();
  await controlled(page);
  await settled(page);
  return page;
};

describe('field mode', () => {
  it('saves a station, opens it offline after a reload, plays, answers and bookmarks, and syncs it all once back online', async () => {
    const { context, writes, page } = await newLearner();
    await saveStation(page);
    // the profile shows it with the storage used and the free quota
    await page.goto('/account/profile');
    await page.getByTestId(`offline-storage-item`).waitFor();
    expect(Number(await page.getByTestId('offline-storage-used').getAttribute('data-quota'))).toBeGreaterThan(0);
    expect(await serverEntry()).toMatchObject({ completedAt: null, bookmarkAt: null });

    await context.setOffline(true);
    await page.goto(PAGE);
    await page.reload();
    await page.getByTestId('station-title').waitFor();
    expect(await page.getByTestId('station-title').textContent()).toBe('Plantio');
    await playToEndOffline(page);
    await answerOffline(page);
    await page.getByTestId('entry-bookmark').click();
    await expect.poll(() => page.getByTestId('entry-bookmark').getAttribute('data-bookmarked')).toBe('true');
    expect(await pendingCount(page)).toBeGreaterThanOrEqual(3);
    // nothing reached the server
    expect(await serverEntry()).toMatchObject({ completedAt: null, bookmarkAt: null, answers: {} });
    const offlineWrites = writes.length;

    await context.setOffline(false);
    await expect.poll(() => pendingCount(page), { timeout: 30_000 }).toBe(0);
    const state = await serverEntry();
    // what the same actions online make: completed once, bookmarked, the answer decided right
    expect(state?.completedAt).not.toBeNull();
    expect(state?.completedCount).toBe(1);
    expect(state?.bookmarkAt).not.toBeNull();
    expect(Object.values(state?.answers ?? {}).map((a) => a.isCorrect)).toEqual([true]);
    // every queued write carried its key and the time the learner acted, each key sent once
    const synced = writes.slice(offlineWrites);
    expect(synced.length).toBeGreaterThanOrEqual(3);
    expect(synced.every((w) => w.key && w.clientTime)).toBe(true);
    expect(new Set(synced.map((w) => w.key)).size).toBe(synced.length);
    await context.close();
  });

  it('runs a SCORM course to its end when the signal drops, keeps its commits and result in the outbox, and syncs them once', async () => {
    const { context, writes, page } = await newLearner();
    await page.goto(`/training/soja/${STATION}?video=${SCORM}&start=true`);
    await page.getByTestId('station-title').waitFor();
    const course = page.frameLocator('[data-testid="player-scorm-frame"]').frameLocator('#sco');
    await expect.poll(() => course.locator('#course h2').textContent(), { timeout: 20_000 }).toMatch(/^1\/4 · /);
    await settled(page);
    expect(await scormProgress()).toMatchObject({ completed: false });

    await context.setOffline(true);
    for (const page_ of ['2', '3']) {
      await course.locator('#next').click();
      await expect.poll(() => course.locator('#course h2').textContent()).toMatch(new RegExp(`^${page_}/4 · `));
    }
    await course.locator('#next').click();
    await course.locator('[data-option="0"]').click();
    await expect.poll(() => course.locator('#result').textContent()).toBe('Parabéns! Curso concluído.');
    // the commits and the result wait in the outbox; the station shows the course completed from them
    await expect.poll(() => pendingCount(page)).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByTestId(`entry-status-${SCORM}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
    expect(await page.getByTestId('scorm-save-state').getAttribute('data-state')).toBe('retrying');
    expect(await scormProgress()).toMatchObject({ completed: false });
    const offlineWrites = writes.length;

    await context.setOffline(false);
    await settled(page, 30_000);
    // what the same run online makes: passed and completed, resumed at its last page
    expect(await scormProgress()).toMatchObject({ status: 'passed', completed: true });
    const synced = writes.slice(offlineWrites).filter((w) => /scorm/.test(w.url));
    expect(synced.filter((w) => w.url.endsWith('/scorms/progress')).length).toBeGreaterThanOrEqual(1);
    expect(synced.filter((w) => w.url.includes('/scorm-content/')).length).toBeGreaterThanOrEqual(3);
    expect(synced.every((w) => w.key && w.clientTime)).toBe(true);
    expect(new Set(synced.map((w) => w.key)).size).toBe(synced.length);
    await page.reload();
    await expect.poll(() => course.locator('#course h2').textContent(), { timeout: 20_000 }).toMatch(/^4\/4 · /);
    await context.close();
  });

  it('loses and doubles nothing when the tab is killed mid-sync and opened again', async () => {
    const { context, writes, page } = await newLearner();
    await openStation(page);
    const before = await serverEntry();
    await context.setOffline(true);
    const bookmark = page.getByTestId('entry-bookmark');
    const wanted = before?.bookmarkAt ? 'false' : 'true';
    await bookmark.click();
    await expect.poll(() => bookmark.getAttribute('data-bookmarked')).toBe(wanted);
    await expect.poll(() => pendingCount(page)).toBe(1);
    const score = before?.feedbackScore === 4 ? 3 : 4;
    await rate(page, String(score));
    await expect.poll(() => pendingCount(page)).toBeGreaterThanOrEqual(2);

    // back online, the first write reaches the server and the tab dies before its answer arrives
    let reached: () => void = () => {};
    const firstReached = new Promise<void>((resolve) => (reached = resolve));
    await page.route('**/api/user-store/station/**', async (route) => {
      const request = route.request();
      await route.fetch();
      // it reached the server, whose answer the dying tab never reads
      writes.push({ key: request.headers()['idempotency-key'] ?? null, clientTime: request.headers()['x-client-time'] ?? null, url: new URL(request.url()).pathname });
      reached();
      await new Promise(() => {});
    });
    await context.setOffline(false);
    await firstReached;
    await page.close({ runBeforeUnload: false });

    const reopened = await context.newPage();
    await reopened.goto(PAGE);
    await reopened.getByTestId('station-title').waitFor();
    await expect.poll(() => pendingCount(reopened), { timeout: 30_000 }).toBe(0);
    const after = await serverEntry();
    // nothing lost: both actions landed
    expect(Boolean(after?.bookmarkAt)).toBe(wanted === 'true');
    expect(after?.feedbackScore).toBe(score);
    // the first write went twice with one key (a replay lands once); every other key once
    const keys = writes.map((w) => w.key);
    const counts = [...new Set(keys)].map((key) => keys.filter((k) => k === key).length);
    expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    expect(counts.every((n) => n <= 2)).toBe(true);
    await context.close();
  });

  it('sends each action once when two tabs drain the same outbox', async () => {
    const { context, writes, page: one } = await newLearner();
    await openStation(one);
    const two = await openStation(await context.newPage());
    await context.setOffline(true);
    for (const score of ['2', '3', '5']) {
      const was = await pendingCount(one);
      await rate(one, score);
      await expect.poll(() => pendingCount(one)).toBeGreaterThan(was);
    }
    const was = await pendingCount(one);
    await two.getByTestId('entry-bookmark').click();
    // the other tab's action joins the same outbox, which both tabs see
    await expect.poll(() => pendingCount(one)).toBeGreaterThan(was);
    const made = await pendingCount(one);
    await expect.poll(() => pendingCount(two)).toBe(made);
    const offlineWrites = writes.length;
    await context.setOffline(false);
    await settled(one, 30_000);
    await settled(two, 30_000);
    const synced = writes.slice(offlineWrites);
    // each action reached the server once, from one tab or the other
    expect(synced).toHaveLength(made);
    expect(new Set(synced.map((w) => w.key)).size).toBe(made);
    expect((await serverEntry())?.feedbackScore).toBe(5);
    await context.close();
  });

  it('shows an action the server refuses on sync with its reason, and takes it out of the outbox', async () => {
    const { context, page } = await newLearner();
    await openStation(page);
    await context.setOffline(true);
    await page.getByTestId('open-station-questions').click();
    const overlay = page.getByTestId('question-overlay');
    const steps = overlay.getByTestId('question-steps');
    await steps.waitFor();
    await overlay.getByTestId('question-next-unanswered').click();
    const questionId = (await steps.getAttribute('data-question-id'))!;
    expect(await steps.getAttribute('data-answered')).toBe('false');
    await overlay.getByTestId(`option-${questionId}-a`).check();
    await overlay.getByTestId('question-submit').click();
    await overlay.getByTestId('answer-queued').waitFor();
    await page.keyboard.press('Escape');

    // meanwhile the learner answers the same question on another phone; it allows one answer
    const token = await apiToken(portal.url, EMAIL);
    const other = await fetch(`${portal.url}/api/user-store/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ questionId, answerId: `${questionId}-b`, secondsToAnswer: 4, context: 'station', stationId: STATION, origin: 'web' }),
    });
    expect(other.ok).toBe(true);

    await context.setOffline(false);
    const status = page.getByTestId('sync-status');
    await expect.poll(() => status.getAttribute('data-refused'), { timeout: 30_000 }).toBe('1');
    expect(await status.getAttribute('data-pending')).toBe('0');
    await status.click();
    const refused = page.getByTestId('sync-drawer').locator('[data-testid="sync-item"][data-status="refused"]');
    await refused.waitFor();
    expect(await refused.getAttribute('data-route')).toBe('submitAnswer');
    // the error catalogue's words (000 §8), in the learner's language
    expect(await refused.getByTestId('sync-reason').textContent()).toBe('Esta pergunta já foi respondida e não permite outra resposta');
    await refused.getByTestId('sync-dismiss').click();
    await expect.poll(() => refused.count()).toBe(0);
    await context.close();
  });

  it('says so when the storage cannot take the download, and offers nothing half saved', async () => {
    const { context, page } = await newLearner();
    await openStation(page);
    // a phone with almost no free space left
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(portal.url).origin, quotaSize: 50_000 });
    const saved = page.getByTestId('offline-saved');
    if ((await saved.count()) > 0) await page.getByTestId('offline-remove').click();
    await page.getByTestId('offline-save-button').click();
    await page.getByTestId('offline-download').click();
    const error = page.getByTestId('offline-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.getAttribute('data-error')).toBe('quota');
    expect(await error.textContent()).toContain('Não há espaço livre suficiente neste dispositivo');
    expect(await page.getByTestId('offline-available').count()).toBe(0);
    const kept = await page.evaluate(async () => (await (await caches.open('portal-offline')).keys()).length);
    expect(kept).toBe(0);
    await page.goto('/account/profile');
    await page.getByTestId('offline-storage').waitFor();
    expect(await page.getByTestId('offline-storage-item').count()).toBe(0);
    await context.close();
  });
});
