import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { ScormOutbox, outboxRetryWait, type OutboxCommit } from './scorm-outbox';

// Issue 27: a SCORM commit that fails (offline, 503) is kept and sent again, in order, with the
// Idempotency-Key it was made with; a refusal is dropped; a commit waits for the user who made it.
type Body = { n: number };
const offline = () => new ApiError({ statusCode: 0, code: 'app/offline' });

function harness(stored: OutboxCommit<Body>[] = []) {
  const sent: { n: number; key: string }[] = [];
  let answers: Array<'ok' | Error> = [];
  let user: string | null = 'u1';
  let online: () => void = () => {};
  const timers: { run: () => void; ms: number }[] = [];
  let kept: OutboxCommit<Body>[] = stored;
  const outbox = new ScormOutbox<Body, number>({
    send: async (c) => {
      sent.push({ n: c.body.n, key: c.key });
      const next = answers.shift() ?? 'ok';
      if (next !== 'ok') throw next;
      return c.body.n;
    },
    load: async () => stored,
    persist: async (commits) => {
      kept = commits;
    },
    userId: () => user,
    schedule: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    onOnline: (run) => (online = run),
  });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
  return {
    outbox,
    sent,
    timers,
    tick,
    kept: () => kept,
    answer: (...a: Array<'ok' | Error>) => (answers = a),
    signIn: (id: string | null) => (user = id),
    online: () => online(),
  };
}

describe('the SCORM commit outbox', () => {
  it('keeps a commit that failed offline and sends it again with the same key when the connection returns', async () => {
    const h = harness();
    h.answer(offline());
    const first = h.outbox.add('c', { n: 1 });
    await h.tick();
    expect(h.outbox.current()).toBe('retrying');
    expect(h.kept().map((c) => c.body.n)).toEqual([1]);
    h.online();
    expect(await first).toBe(1);
    expect(h.sent.map((s) => s.n)).toEqual([1, 1]);
    expect(new Set(h.sent.map((s) => s.key)).size).toBe(1);
    expect(h.outbox.current()).toBe('saved');
    expect(h.kept()).toEqual([]);
  });

  it('sends a kept commit again on the next commit, before it, in order', async () => {
    const h = harness();
    h.answer(offline(), offline());
    const first = h.outbox.add('c', { n: 1 });
    await h.tick();
    const second = h.outbox.add('c', { n: 2 });
    await h.tick();
    // still offline: the second waits behind the first, never overtakes it
    expect(h.sent.map((s) => s.n)).toEqual([1, 1]);
    const third = h.outbox.add('c', { n: 3 });
    expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
    expect(h.sent.map((s) => s.n)).toEqual([1, 1, 1, 2, 3]);
  });

  it('sends again after a wait that doubles (503), and drops a refused commit to send the next', async () => {
    const h = harness();
    h.answer(new ApiError({ statusCode: 503 }), new ApiError({ statusCode: 503 }));
    const first = h.outbox.add('c', { n: 1 });
    await h.tick();
    expect(h.timers.map((t) => t.ms)).toEqual([expect.closeTo(outboxRetryWait(1), -3)]);
    h.timers[0]!.run();
    await h.tick();
    expect(outboxRetryWait(2)).toBe(2 * outboxRetryWait(1));
    h.timers.at(-1)!.run();
    expect(await first).toBe(1);
    h.answer(new ApiError({ statusCode: 400, code: 'app/bed-request' }));
    const refused = h.outbox.add('c', { n: 2 });
    const next = h.outbox.add('c', { n: 3 });
    await expect(refused).rejects.toMatchObject({ statusCode: 400 });
    expect(await next).toBe(3);
  });

  it("sends the commits an earlier page kept before a resume read, and only the signed-in user's", async () => {
    const stored: OutboxCommit<Body>[] = [
      { key: 'k-other', userId: 'u2', scormId: 'c', body: { n: 9 } },
      { key: 'k-mine', userId: 'u1', scormId: 'c', body: { n: 1 } },
    ];
    const h = harness(stored);
    await h.outbox.settled('c');
    expect(h.sent).toEqual([{ n: 1, key: 'k-mine' }]);
    expect(h.kept().map((c) => c.key)).toEqual(['k-other']);
    h.signIn('u2');
    await h.outbox.settled('c');
    expect(h.sent.at(-1)).toEqual({ n: 9, key: 'k-other' });
  });

  it('lets a resume read go once a try failed (it does not wait for the connection)', async () => {
    const h = harness();
    h.answer(offline());
    void h.outbox.add('c', { n: 1 });
    await h.outbox.settled('c');
    expect(h.outbox.current()).toBe('retrying');
    expect(h.outbox.pending('c')).toBe(1);
  });
});
