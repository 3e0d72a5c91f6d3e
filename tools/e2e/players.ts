import { expect } from 'vitest';
import type { Page, Response } from 'playwright-core';

/** The player's progress write of one event (play, progress, end, bookmark, ...) for an entry. */
export const isEntryWrite = (station: string, video: string, event: string) => (r: Response) =>
  r.request().method() === 'POST' && r.url().endsWith(`/api/user-store/station/${station}/${video}`) && (r.request().postData() ?? '').includes(`"event":"${event}"`);

/**
 * Plays the station's video to the end (seeks near the end first, muted: keeps the test fast)
 * and checks that the server took the end as a completion.
 */
export async function playVideoToEnd(page: Page, station: string, video: string): Promise<void> {
  await page.getByTestId('player-video').waitFor();
  const ended = page.waitForResponse(isEntryWrite(station, video, 'end'));
  await page.evaluate(async () => {
    const element = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!;
    if (element.readyState < 1) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
    element.muted = true;
    element.currentTime = Math.max(0, element.duration - 0.5);
    await element.play();
  });
  const answer = await ended;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { completed: boolean }).completed).toBe(true);
}
