import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type Database } from './database.js';

/**
 * Kysely's `stream()` on the embedded PGlite (report exports, ADR 0070): pages of a cursor, not the
 * whole answer at once, and the one PGlite session free for other queries between pages.
 */
let database: Database;
const N = 2500;

beforeAll(async () => {
  database = await createDatabase({});
  await sql`create table items (id int primary key, score int not null, label text not null)`.execute(database.db);
  // a sort key with ties (score), made total by the id
  await sql`insert into items select g, g % 7, 'item ' || g from generate_series(1, ${N}) g`.execute(database.db);
});
afterAll(async () => {
  await database.close();
});

const query = (minId = 0) => sql<{ id: number; score: number; label: string }>`select id, score, label from items where id > ${minId} order by score desc, id`.compile(database.db);
const expected = (minId = 0) =>
  Array.from({ length: N }, (_, i) => i + 1)
    .filter((id) => id > minId)
    .sort((a, b) => (b % 7) - (a % 7) || a - b);
const openCursors = async () => Number((await sql<{ n: number }>`select count(*)::int as n from pg_cursors where name like 'kysely_stream_%'`.execute(database.db)).rows[0]!.n);
/** fails when `work` does not settle in time (the session would be held by a paused stream) */
const within = <T>(work: Promise<T>, ms = 2000): Promise<T> => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

describe('stream() on PGlite', () => {
  it('reads every row once, in the query\'s order, in pages of at most the chunk size', async () => {
    const chunks: number[] = [];
    const ids: number[] = [];
    for await (const chunk of database.db.getExecutor().stream(query(10), 1000)) {
      chunks.push(chunk.rows.length);
      ids.push(...chunk.rows.map((r) => (r as { id: number }).id));
    }
    expect(chunks).toEqual([1000, 1000, 490]);
    expect(ids).toEqual(expected(10));
    expect(await openCursors()).toBe(0);
  });

  it('lets other queries run while its reader is paused between pages, and reads the rows as they were when it started', async () => {
    const stream = database.db.getExecutor().stream(query(), 500)[Symbol.asyncIterator]();
    const first = await stream.next();
    const firstRows = (first.done ? [] : first.value.rows) as { id: number }[];
    expect(firstRows).toHaveLength(500);
    // the reader takes its time (a slow download): a write and a read go through meanwhile
    await within(sql`insert into items values (${N + 1}, 6, 'written meanwhile')`.execute(database.db));
    expect(await within(sql`select count(*)::int as n from items`.execute(database.db))).toMatchObject({ rows: [{ n: N + 1 }] });
    const ids = firstRows.map((r) => r.id);
    for (let next = await stream.next(); !next.done; next = await stream.next()) ids.push(...next.value.rows.map((r) => (r as { id: number }).id));
    expect(ids).toEqual(expected());
    expect(await openCursors()).toBe(0);
    await sql`delete from items where id = ${N + 1}`.execute(database.db);
  });

  it('closes its cursor when the reader stops early (a download cut off) and gives the session back', async () => {
    let read = 0;
    for await (const chunk of database.db.getExecutor().stream(query(), 100)) {
      read += chunk.rows.length;
      if (read >= 300) break;
    }
    expect(read).toBe(300);
    expect(await within(openCursors())).toBe(0);
  });

  it('inside a transaction, reads the transaction\'s own rows and keeps the session to itself', async () => {
    const ids = await database.db.transaction().execute(async (trx) => {
      await sql`insert into items values (${N + 2}, 6, 'uncommitted')`.execute(trx);
      const seen: number[] = [];
      for await (const chunk of trx.getExecutor().stream(query(N - 5), 2)) seen.push(...chunk.rows.map((r) => (r as { id: number }).id));
      await sql`delete from items where id = ${N + 2}`.execute(trx);
      return seen;
    });
    expect(ids.sort((a, b) => a - b)).toEqual([N - 4, N - 3, N - 2, N - 1, N, N + 2]);
    expect(await openCursors()).toBe(0);
  });

  it('answers a write with returning whole (a cursor holds only a query)', async () => {
    const rows: unknown[] = [];
    for await (const chunk of database.db.getExecutor().stream(sql`update items set label = label where id <= 3 returning id`.compile(database.db), 1)) rows.push(...chunk.rows);
    expect(rows).toHaveLength(3);
  });
});
