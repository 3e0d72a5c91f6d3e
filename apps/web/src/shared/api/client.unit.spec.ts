import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EARLY_REQUESTS_KEY } from '../../boot/early-requests';
import { clearAccessToken, setSession } from '../session/token-store';
import { apiGet } from './client';
import { resetEventPosition } from './event-position';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const schema = z.object({ id: z.string() });

/** The page as the boot script left it: one early GET of /api/userData, asked with `token`. */
function pageWithEarlyGet(token: string, early: Promise<Response>): { sent: string[] } {
  const sent: string[] = [];
  vi.stubGlobal('window', { [EARLY_REQUESTS_KEY]: { startedAt: performance.now(), signedIn: Promise.resolve({ token, position: undefined, answers: { '/api/userData': early } }) } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return answer({ id: 'sent-by-the-app' });
  });
  return { sent };
}

describe('the client takes a GET the boot script already sent', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearAccessToken();
    resetEventPosition();
  });

  it('answers with the early answer and sends nothing, once; a later call sends its own', async () => {
    const token = setSession({ accessToken: 'early-token', userId: 'u1', expiresIn: 900 }).accessToken;
    const { sent } = pageWithEarlyGet(token, Promise.resolve(answer({ id: 'from-the-boot-script' })));
    expect(await apiGet('/userData', schema)).toEqual({ id: 'from-the-boot-script' });
    expect(sent).toEqual([]);
    expect(await apiGet('/userData', schema)).toEqual({ id: 'sent-by-the-app' });
    expect(sent).toEqual(['/api/userData']);
  });

  it('sends the request itself when the early one failed (offline for a moment) or was asked with another token', async () => {
    setSession({ accessToken: 'early-token', userId: 'u1', expiresIn: 900 });
    const failed = pageWithEarlyGet('early-token', Promise.reject(new TypeError('Failed to fetch')));
    expect(await apiGet('/userData', schema)).toEqual({ id: 'sent-by-the-app' });
    expect(failed.sent).toEqual(['/api/userData']);

    vi.unstubAllGlobals();
    const other = pageWithEarlyGet('another-token', Promise.resolve(answer({ id: 'from-the-boot-script' })));
    expect(await apiGet('/userData', schema)).toEqual({ id: 'sent-by-the-app' });
    expect(other.sent).toEqual(['/api/userData']);
  });
});
