import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEventPosition } from '../../../shared/api/client';
import { clearAccessToken, setSession } from '../../../shared/session/token-store';
import { fetchScormContent, saveScormContent } from './scorm';

// Issue 27: a resume read right after a save came back stale. A player closed inside the page
// commits on its way out and the next one reads at once; the read must carry the commit's position.
const content = { scormId: 'c', version: '1.2', cmi: {}, savedAt: null, progress: { scormId: 'c', stationId: 's', version: '1.2', status: null, score: null, completed: false, completedAt: null, updatedAt: null } };

describe('a SCORM resume read after a commit', () => {
  afterEach(() => {
    clearAccessToken();
    vi.unstubAllGlobals();
    resetEventPosition();
  });

  it('is sent after the commit is answered, with its x-event-position as x-min-position', async () => {
    let answerSave: (r: Response) => void = () => {};
    const reads: (string | null)[] = [];
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') return new Promise<Response>((resolve) => (answerSave = resolve));
      reads.push(new Headers(init?.headers).get('x-min-position'));
      return Promise.resolve(new Response(JSON.stringify(content), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    setSession({ accessToken: 'token', userId: 'u1', expiresIn: 600 });
    const saving = saveScormContent('c', { 'cmi.core.lesson_location': '3' });
    const reading = fetchScormContent('c');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toEqual([]);
    answerSave(new Response(JSON.stringify(content), { status: 200, headers: { 'content-type': 'application/json', 'x-event-position': '7.42' } }));
    await saving;
    await reading;
    expect(reads).toEqual(['7.42']);
  });
});
