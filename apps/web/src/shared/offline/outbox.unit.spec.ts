import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as fakeIdb from 'fake-indexeddb';
import { ApiError } from '../api/api-error';
import { IdbOutboxStore, openFieldDb } from './field-db';
import { LearnerOutbox, MemoryOutboxStore, OutboxRefusal, outboxRetryWait, type OutboxDeps, type OutboxItem, type OutboxStore } from './outbox';

// Issue 30: the learner outbox sends its items in order, one at a time, again with the same
// Idempotency-Key after a wait that doubles; a refusal leaves with its code; the keys and client
// times are made when the learner acts and survive a reload; two tabs sharing the store and the
// lock send each item once.

const offline = () => new ApiError({ statusCode: 0, code: 'app/offline' });
const unavailable = () => new ApiError({ statusCode: 503, code: 'app/database-unavailable' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** One mutex for every "tab" of a spec: what navigator.locks is to the browser. */
const mutex = () => {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
};

interface Server {
  /** every request received: key and body number */
  received: { key: string; n: number; clientTime: string }[];
  /** what the next requests answer; 'ok' when empty */
  answers: Array<'ok' | Error>;
  /** keys it has committed (a replay answers as the first time) */
  committed: Set<string>;
}

const server = (): Server => ({ received: [], answers: [], committed: new Set() });

function tab(store: OutboxStore, srv: Server, extra: Partial<OutboxDeps> = {}) {
  const timers: { run: () => void; ms: number }[] = [];
  let online: () => void = () => {};
  let user: string | null = 'u1';
  let token = true;
  const outbox = new LearnerOutbox({
    store,
    send: async (item: OutboxItem) => {
      const body = item.body as { n: number };
      srv.received.push({ key: item.key, n: body.n, clientTime: item.clientTime });
      await tick();
      const next = srv.answers.shift() ?? 'ok';
      if (next !== 'ok') throw next;
      srv.committed.add(item.key);
      return body.n;
    },
    userId: () => user,
    canSend: () => token,
    schedule: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    onOnline: (run) => (online = run),
    ...extra,
  });
  const write = (n: number) => outbox.add({ route: 'entryWrite', params: { station: 's', video: 'v' }, body: { n }, scope: 'v' });
  return {
    outbox,
    timers,
    write,
    online: () => online(),
    signIn: (id: string | null) => (user = id),
    token: (value: boolean) => (token = value),
  };
}

describe('the learner outbox', () => {
  it('keeps what is done offline and sends it in order, each with the key and client time it was made with, when the connection returns', async () => {
    const srv = server();
    const t = tab(new MemoryOutboxStore(), srv, { now: (() => { let ms = Date.parse('2026-12-07T08:00:00Z'); return () => (ms += 1000); })() });
    srv.answers = [offline()];
    const first = t.write(1);
    await tick();
    const second = t.write(2);
    const third = t.write(3);
    await tick();
    // still offline: the second and third wait behind the first, never overtake it
    expect(srv.received.map((r) => r.n)).toEqual([1]);
    expect(t.outbox.current()).toBe('retrying');
    expect(t.outbox.pending().map((i) => (i.body as { n: number }).n)).toEqual([1, 2, 3]);
    t.online();
    expect(await Promise.all([first.answer, second.answer, third.answer])).toEqual([1, 2, 3]);
    expect(srv.received.map((r) => r.n)).toEqual([1, 1, 2, 3]);
    expect(srv.received[0]!.key).toBe(srv.received[1]!.key);
    expect(srv.received.map((r) => r.key).slice(1)).toEqual([first.key, second.key, third.key]);
    // the client time is when the learner acted, not when it was sent
    expect(srv.received.slice(1).map((r) => r.clientTime)).toEqual(['2026-12-07T08:00:01.000Z', '2026-12-07T08:00:02.000Z', '2026-12-07T08:00:03.000Z']);
    expect(t.outbox.pending()).toEqual([]);
    expect(t.outbox.outcomes().map((o) => o.status)).toEqual(['synced', 'synced', 'synced']);
  });

  it('waits longer after each failure, doubling up to 30 s, and sends at once when the connection returns', async () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(outboxRetryWait)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    const srv = server();
    const t = tab(new MemoryOutboxStore(), srv);
    srv.answers = [unavailable(), unavailable(), unavailable()];
    const item = t.write(1);
    await tick();
    await tick();
    const waits: number[] = [];
    for (let i = 0; i < 2; i++) {
      const timer = t.timers.at(-1)!;
      waits.push(timer.ms);
      t.timers.length = 0;
      timer.run();
      await tick();
      await tick();
    }
    waits.push(t.timers.at(-1)!.ms);
    // jittered by 0.75-1.25 around 1 s, 2 s, 4 s
    expect(waits[0]).toBeGreaterThanOrEqual(750);
    expect(waits[0]).toBeLessThanOrEqual(1_250);
    expect(waits[1]).toBeGreaterThanOrEqual(1_500);
    expect(waits[1]).toBeLessThanOrEqual(2_500);
    expect(waits[2]).toBeGreaterThanOrEqual(3_000);
    expect(waits[2]).toBeLessThanOrEqual(5_000);
    t.online();
    expect(await item.answer).toBe(1);
    expect(new Set(srv.received.map((r) => r.key))).toEqual(new Set([item.key]));
    expect(srv.received).toHaveLength(4);
  });

  /** A server whose first request is never answered (sent as the signal dropped); later ones are. */
  const hangingFirst = (srv: Server) => {
    let calls = 0;
    return async (item: OutboxItem, signal?: AbortSignal) => {
      const body = item.body as { n: number };
      srv.received.push({ key: item.key, n: body.n, clientTime: item.clientTime });
      calls += 1;
      if (calls === 1) {
        await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      await tick();
      srv.committed.add(item.key);
      return body.n;
    };
  };

  it('drops a send left unanswered when the connection returns and sends it again at once with its key, then the items behind it', async () => {
    const srv = server();
    const t = tab(new MemoryOutboxStore(), srv, { send: hangingFirst(srv) });
    const first = t.write(1);
    await tick();
    const second = t.write(2);
    await tick();
    await tick();
    // the first request hangs: the second waits behind it, both pending
    expect(srv.received.map((r) => r.n)).toEqual([1]);
    expect(t.outbox.pending()).toHaveLength(2);
    t.online();
    expect(await Promise.all([first.answer, second.answer])).toEqual([1, 2]);
    expect(srv.received.map((r) => r.key)).toEqual([first.key, first.key, second.key]);
    expect(t.outbox.pending()).toEqual([]);
    // sent again at once, not after a retry wait
    expect(t.timers).toEqual([]);
  });

  it('drops a send that stalls and sends it again after the retry wait', async () => {
    const srv = server();
    const t = tab(new MemoryOutboxStore(), srv, { send: hangingFirst(srv), stallAfter: 30 });
    const item = t.write(1);
    await vi.waitFor(() => expect(t.outbox.current()).toBe('retrying'));
    expect(t.timers).toHaveLength(1);
    t.timers.pop()!.run();
    expect(await item.answer).toBe(1);
    expect(srv.received.map((r) => r.key)).toEqual([item.key, item.key]);
    expect(t.outbox.pending()).toEqual([]);
  });

  it('takes a refused item out of the outbox with its code and sends the next', async () => {
    const srv = server();
    const t = tab(new MemoryOutboxStore(), srv);
    srv.answers = [new ApiError({ statusCode: 404, code: 'learning/entry-not-found' })];
    const withdrawn = t.write(1);
    const next = t.write(2);
    await expect(withdrawn.answer).rejects.toEqual(new OutboxRefusal('learning/entry-not-found'));
    expect(await next.answer).toBe(2);
    expect(t.outbox.pending()).toEqual([]);
    const refused = t.outbox.outcomes().find((o) => o.key === withdrawn.key);
    expect(refused).toMatchObject({ status: 'refused', code: 'learning/entry-not-found', scope: 'v' });
    // the learner dismisses it
    await t.outbox.dismiss(withdrawn.key);
    expect(t.outbox.outcomes().map((o) => o.key)).toEqual([next.key]);
  });

  it('keeps an item while there is no token (the offline field session, or a 401) and sends it once signed in', async () => {
    const srv = server();
    const t = tab(new MemoryOutboxStore(), srv);
    t.token(false);
    const item = t.write(1);
    await tick();
    expect(srv.received).toEqual([]);
    expect(t.outbox.pending()).toHaveLength(1);
    t.token(true);
    srv.answers = [new ApiError({ statusCode: 401, code: 'id-token-expired' })];
    t.online();
    await tick();
    await tick();
    expect(t.outbox.pending()).toHaveLength(1);
    t.online();
    expect(await item.answer).toBe(1);
    // another user's items wait for that user
    t.signIn('u2');
    expect(t.outbox.pending()).toEqual([]);
  });
  it("never shows as pending an item it sent while another tab's change was being read (a stale read is read again)", async () => {
    const srv = server();
    const store = new MemoryOutboxStore();
    let hold: (() => void) | null = null;
    // the next list() reads the store now but answers only when released (a read overtaken by the drain)
    const slow: OutboxStore = {
      put: (item) => store.put(item),
      settle: (key, outcome) => store.settle(key, outcome),
      outcomes: () => store.outcomes(),
      dismiss: (key) => store.dismiss(key),
      list: async () => {
        const read = await store.list();
        if (!hold) return read;
        await new Promise<void>((resolve) => {
          const release = hold!;
          hold = () => {
            release();
            resolve();
          };
        });
        return read;
      },
    };
    const t = tab(slow, srv);
    t.token(false);
    const item = t.write(1);
    await item.kept;
    await t.outbox.ready();
    // another tab says the store changed: this tab reads it, and the read is slow
    hold = () => {};
    const reading = t.outbox.reload();
    await tick();
    const release = hold;
    hold = null;
    // meanwhile this tab sends the item
    t.token(true);
    t.online();
    expect(await item.answer).toBe(1);
    expect(t.outbox.pending()).toEqual([]);
    release();
    await reading;
    expect(t.outbox.pending()).toEqual([]);
    expect(t.outbox.outcomes().map((o) => o.status)).toEqual(['synced']);
  });
});

describe('the learner outbox in IndexedDB', () => {
  beforeAll(() => {
    // IndexedDB as the browser has it (idb checks its classes), for this file only
    vi.stubGlobal('indexedDB', new fakeIdb.IDBFactory());
    for (const name of ['IDBRequest', 'IDBOpenDBRequest', 'IDBTransaction', 'IDBDatabase', 'IDBCursor', 'IDBCursorWithValue', 'IDBIndex', 'IDBObjectStore', 'IDBKeyRange', 'IDBVersionChangeEvent'] as const) {
      vi.stubGlobal(name, fakeIdb[name]);
    }
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('sends after a reload what the closed page kept, with the keys it was made with', async () => {
    const srv = server();
    const before = tab(new IdbOutboxStore(() => openFieldDb('reload')), srv);
    before.token(false);
    const made = [before.write(1), before.write(2)];
    await Promise.all(made.map((m) => m.kept));
    // the page is closed offline; a new page opens the same database
    const after = tab(new IdbOutboxStore(() => openFieldDb('reload')), srv);
    await after.outbox.ready();
    expect(after.outbox.pending().map((i) => i.key)).toEqual(made.map((m) => m.key));
    after.online();
    await vi.waitFor(() => expect(srv.committed.size).toBe(2));
    expect(srv.received.map((r) => r.key)).toEqual(made.map((m) => m.key));
    const again = tab(new IdbOutboxStore(() => openFieldDb('reload')), srv);
    await again.outbox.ready();
    expect(again.outbox.pending()).toEqual([]);
    expect(again.outbox.outcomes().map((o) => o.status)).toEqual(['synced', 'synced']);
  });

  it('sends each item once when two tabs drain the same outbox at once', async () => {
    const srv = server();
    const lock = mutex();
    // one clock for both tabs: the order is the order the learner acted in
    let ms = Date.parse('2026-12-07T08:00:00Z');
    const now = () => (ms += 1000);
    const one = tab(new IdbOutboxStore(() => openFieldDb('two-tabs')), srv, { lock, now });
    const two = tab(new IdbOutboxStore(() => openFieldDb('two-tabs')), srv, { lock, now });
    one.token(false);
    two.token(false);
    const made = [one.write(1), two.write(2), one.write(3), two.write(4), one.write(5)];
    await Promise.all(made.map((m) => m.kept));
    one.token(true);
    two.token(true);
    one.online();
    two.online();
    await vi.waitFor(() => expect(srv.committed.size).toBe(5));
    await tick();
    expect(srv.received.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    expect(await one.outbox.ready().then(() => new IdbOutboxStore(() => openFieldDb('two-tabs')).list())).toEqual([]);
  });

  it('sends again, with the same key, an item whose answer was lost when the tab was killed mid-sync', async () => {
    const srv = server();
    // the server commits the first item, then the tab dies before the answer: the store still has it
    const store = new IdbOutboxStore(() => openFieldDb('killed'));
    const dying = tab(store, srv);
    dying.token(false);
    const made = [dying.write(1), dying.write(2)];
    await Promise.all(made.map((m) => m.kept));
    srv.committed.add(made[0]!.key);
    srv.received.push({ key: made[0]!.key, n: 1, clientTime: '' });
    const reopened = tab(new IdbOutboxStore(() => openFieldDb('killed')), srv);
    reopened.online();
    await vi.waitFor(() => expect(srv.committed.size).toBe(2));
    // the first key reached the server twice (a replay, which lands once), the second once
    expect(srv.received.map((r) => r.key)).toEqual([made[0]!.key, made[0]!.key, made[1]!.key]);
    expect(await new IdbOutboxStore(() => openFieldDb('killed')).list()).toEqual([]);
  });
});
