import { expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@portal/database';
import { compareCheckpoints, START, type Checkpoint, type EventStore, type RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';

/**
 * Test harnesses every report reuses (ADR 0070), imported by specs only:
 * - `foldInto`: a projection folded into a fresh schema from a list of recorded events, in
 *   batches of a chosen size, with no runtime (the "fresh rebuild" of the as-of proof);
 * - `expectReplayEqualsLive`: the rows folded live (one event per batch) equal a rebuild (one
 *   batch per 500 events), table by table, versions included;
 * - `expectAsOfEqualsRebuild`: for each cut position, what the report reads as of that position
 *   from the full projection equals what it reads live from a fresh rebuild of only the events up
 *   to the cut.
 */

let schemas = 0;

/**
 * Every event of the projection's types, in log order, up to the head committed when called.
 * The store shows only events older than every running transaction (cluster-wide), so a page can
 * come back empty while another database's transaction is open: read on until the head is passed.
 */
export async function eventsOf(store: EventStore, def: ProjectionDefinition): Promise<RecordedEvent[]> {
  const head = await store.headCheckpoint();
  const all: RecordedEvent[] = [];
  let after: Checkpoint = START;
  for (;;) {
    const { events, checkpoint, scannedTo } = await store.readAll({ after, limit: 1000, types: def.eventTypes });
    all.push(...events);
    if (compareCheckpoints(scannedTo ?? checkpoint, head) >= 0) return all;
    if (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    after = checkpoint;
  }
}

/** Folds `events` into a new schema (migrate, then apply in batches of `batchSize`); returns the schema. */
export async function foldInto(database: Database, def: ProjectionDefinition, events: readonly RecordedEvent[], batchSize = 500): Promise<string> {
  const schema = `test_${def.name.replace(/[^a-z0-9]/g, '_')}_${process.pid}_${(schemas += 1)}`;
  await sql`create schema ${sql.id(schema)}`.execute(database.db);
  await def.migrate(database.db, schema);
  for (let i = 0; i < events.length; i += batchSize) {
    const batch = events.slice(i, i + batchSize);
    await database.db.transaction().execute((trx) => def.apply(trx, schema, batch));
  }
  return schema;
}

/** Every row of every table of a schema, ordered, positions as strings (for equality). */
export async function dumpSchema(db: Kysely<any>, schema: string): Promise<Record<string, unknown[]>> {
  const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(db);
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(`${schema}.${table_name}`)}`.execute(db);
    out[table_name] = rows.rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : typeof v === 'bigint' || typeof v === 'number' ? String(v) : v])))).sort();
  }
  return out;
}

/** Rebuilt (large batches) and folded one event at a time, and with every event delivered twice: the same tables. */
export async function expectReplayEqualsLive(database: Database, store: EventStore, def: ProjectionDefinition): Promise<void> {
  const events = await eventsOf(store, def);
  const live = await foldInto(database, def, events, 1);
  const rebuilt = await foldInto(database, def, events, 500);
  const twice = await foldInto(database, def, events.flatMap((e) => [e, e]), 3);
  const expected = await dumpSchema(database.db, live);
  expect(await dumpSchema(database.db, rebuilt)).toEqual(expected);
  expect(await dumpSchema(database.db, twice)).toEqual(expected);
}

/**
 * As of each cut (a position), the report read from the whole projection at that position equals
 * the live report of a fresh rebuild of only the events up to the cut.
 * `read(schema, at)` reads the report (every row, a fixed order) from a schema at a position (null: live).
 */
export async function expectAsOfEqualsRebuild<Row>(
  database: Database,
  store: EventStore,
  def: ProjectionDefinition,
  cuts: readonly bigint[],
  read: (schema: string, at: bigint | null) => Promise<Row[]>,
): Promise<void> {
  const events = await eventsOf(store, def);
  const whole = await foldInto(database, def, events);
  for (const cut of cuts) {
    const fresh = await foldInto(database, def, events.filter((e) => e.checkpoint.position <= cut));
    const asOf = await read(whole, cut);
    expect(asOf, `as of position ${cut}`).toEqual(await read(fresh, null));
  }
}
