import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordContentView } from './progress';

// Issue 26 item 15: recordContentView only logged a lost race (then answered `409 {"code":"503"}`),
// so the learner's view was silently dropped. A retryable answer is now sent again, with the same
// Idempotency-Key, so the server stores it once.
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const view = { rowId: 'r', entryId: 'e' };

/** fetch answering `answers` in turn; the Idempotency-Key of every request. */
function server(answers: Response[]): { keys: (string | null)[] } {
  const keys: (string | null)[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    keys.push(new Headers(init?.headers).get('idempotency-key'));
    return answers.shift() ?? json(200, view);
  });
  return { keys };
}

describe('a content view that loses a race or the database', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is sent again with the same Idempotency-Key after 409 write-conflict and 503, and each view has its own key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = server([json(409, { statusCode: 409, code: 'write-conflict', message: 'x' }), json(503, { statusCode: 503, code: '503', message: 'x' })]);
    await recordContentView('bv-video');
    expect(first.keys).toHaveLength(3);
    expect(new Set(first.keys).size).toBe(1);
    expect(first.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    const second = server([]);
    await recordContentView('bv-video');
    expect(second.keys).toHaveLength(1);
    expect(second.keys[0]).not.toBe(first.keys[0]);
  });

  it('is not sent again after an answer that refuses it (403)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { keys } = server([json(403, { statusCode: 403, code: '403', message: 'x' })]);
    await recordContentView('bv-video');
    expect(keys).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('Content view not recorded', expect.anything());
  });
});
