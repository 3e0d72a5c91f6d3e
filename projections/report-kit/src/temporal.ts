import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Temporal rows (ADR 0070): every version of a report row carries `valid_from`, the global log
 * position of the event that produced it, and `valid_to`, the position of the event that
 * superseded or ended it (null: the current version). The live report reads `valid_to is null`;
 * "as of position P" reads the versions with `valid_from <= P < valid_to`. Versions are written
 * in the order the events arrive; an event whose position is not after the key's last change is
 * already folded in and is skipped, so an event arriving twice changes nothing.
 */

/** The Postgres type of a column as a temporal write sends it (jsonb_to_recordset). */
export type SqlType = 'text' | 'integer' | 'bigint' | 'float8' | 'boolean' | 'timestamptz' | 'jsonb' | 'text[]';

/** The two columns every temporal table has. Positions are bigints; the driver may read them as strings. */
export interface Versioned {
  valid_from: string | number | bigint;
  valid_to: string | number | bigint | null;
}

/** A temporal table: its name in the report's schema, its key columns (text) and its value columns with their types. */
export interface TemporalTable<Row extends object> {
  readonly name: string;
  readonly key: readonly (keyof Row & string)[];
  readonly columns: { readonly [K in keyof Row & string]: SqlType };
  /**
   * Rows never superseded once recorded (written with `appendFacts`): no index of the current
   * versions, whose every entry would be the whole table (the primary key's key prefix finds a
   * row; a planner without statistics also AND-ed that index into every lookup).
   */
  readonly facts?: true;
}

/** `valid_from` and `valid_to` of a row version (the rest is the row). */
export type VersionOf<Row> = Row & { valid_from: bigint; valid_to: bigint | null };

/** `schema.table` as a SQL identifier. */
export const tableIn = (schema: string, table: string): RawBuilder<unknown> => sql.table(`${schema}.${table}`);

/**
 * Creates a temporal table in the report's own schema (never another projection's: rebuilds swap
 * schemas independently). Primary key (key..., valid_from); an index of the current versions (none for `facts`).
 */
export async function createTemporalTable<Row extends object>(db: Kysely<any>, schema: string, table: TemporalTable<Row>): Promise<void> {
  let create = db.schema.withSchema(schema).createTable(table.name);
  for (const [column, type] of Object.entries(table.columns) as [string, SqlType][]) {
    const notNull = table.key.includes(column as keyof Row & string);
    create = create.addColumn(column, sql.raw(type), (c) => (notNull ? c.notNull() : c));
  }
  create = create
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_to', 'bigint')
    .addPrimaryKeyConstraint(`${table.name}_pk`, [...table.key, 'valid_from'] as never[]);
  await create.execute();
  if (table.facts) return;
  await sql`create index ${sql.id(`${table.name}_current`)} on ${tableIn(schema, table.name)} (${sql.join(table.key.map((k) => sql.id(k)))}) where valid_to is null`.execute(db);
}

/**
 * The versions of `alias` valid at a position: the current ones for the live report (`at` null),
 * else those with `valid_from <= at < valid_to`.
 */
export function validAt(alias: string, at: bigint | null): RawBuilder<boolean> {
  const a = sql.id(alias);
  if (at === null) return sql<boolean>`${a}.valid_to is null`;
  return sql<boolean>`(${a}.valid_from <= ${at.toString()}::bigint and (${a}.valid_to is null or ${a}.valid_to > ${at.toString()}::bigint))`;
}

const keyOf = (values: readonly unknown[]): string => JSON.stringify(values);
const asBigInt = (v: string | number | bigint): bigint => (typeof v === 'bigint' ? v : BigInt(v));

interface KeyState<Row> {
  /** the key's values, in `table.key` order */
  key: readonly string[];
  /** the stored current version (null: none, or ended) and the position of its last change */
  stored: { row: Row | null; lastChange: bigint };
  /** versions made in this batch, in order; row null: ended at that position */
  versions: { row: Row | null; at: bigint }[];
}

/**
 * A batch of changes to one temporal table: load the keys the batch touches (one statement), fold
 * every event with `change`, then `write` (one update closing the stored current versions, one
 * insert of the new ones). Intermediate versions inside a batch are kept: "as of" may fall between
 * them.
 */
export class TemporalBatch<Row extends object> {
  private readonly keys = new Map<string, KeyState<Row>>();
  private readonly valueColumns: (keyof Row & string)[];

  constructor(private readonly table: TemporalTable<Row>) {
    this.valueColumns = Object.keys(table.columns) as (keyof Row & string)[];
  }

  /** Reads the latest version (current or ended) of each key. Call once per batch, before `change`. */
  async load(db: Kysely<any>, schema: string, keys: readonly (readonly string[])[]): Promise<void> {
    const wanted = new Map<string, readonly string[]>();
    for (const k of keys) if (!this.keys.has(keyOf(k))) wanted.set(keyOf(k), k);
    for (const [id, key] of wanted) this.keys.set(id, { key, stored: { row: null, lastChange: -1n }, versions: [] });
    if (wanted.size === 0) return;
    const cols = this.table.key;
    const arrays = cols.map((_, i) => sql`${[...wanted.values()].map((k) => k[i])}::text[]`);
    // each key's latest version through the primary key (key..., valid_from), newest first: one
    // index probe per key, whatever the table's size, its statistics or its ended versions
    const found = await sql<VersionOf<Row> & Record<string, unknown>>`
      select t.* from unnest(${sql.join(arrays)}) as k(${sql.join(cols.map((c) => sql.id(c)))})
      cross join lateral (
        select * from ${tableIn(schema, this.table.name)} v
        where ${sql.join(
          cols.map((c) => sql`v.${sql.id(c)} = k.${sql.id(c)}`),
          sql` and `,
        )}
        order by v.valid_from desc limit 1
      ) t`.execute(db);
    for (const r of found.rows) {
      const state = this.keys.get(keyOf(cols.map((c) => r[c])))!;
      const from = asBigInt(r.valid_from);
      const to = r.valid_to === null ? null : asBigInt(r.valid_to);
      const row = Object.fromEntries(this.valueColumns.map((c) => [c, r[c]])) as Row;
      state.stored = to === null ? { row, lastChange: from } : { row: null, lastChange: to };
    }
  }

  private state(key: readonly string[]): KeyState<Row> {
    const state = this.keys.get(keyOf(key));
    if (!state) throw new Error(`${this.table.name}: key ${keyOf(key)} was not loaded`);
    return state;
  }

  /** The key's version after what this batch folded so far (null: none, or ended). */
  current(key: readonly string[]): Row | null {
    const state = this.state(key);
    return state.versions.length > 0 ? state.versions[state.versions.length - 1]!.row : state.stored.row;
  }

  /**
   * Folds one event at `position` into the key: `next` gets the current version and returns the
   * new one (null ends the row). Skipped when the key already changed at or after `position` (the
   * event was folded before); no version is made when nothing changed.
   */
  change(key: readonly string[], position: bigint, next: (current: Row | null) => Row | null): void {
    const state = this.state(key);
    const last = state.versions.length > 0 ? state.versions[state.versions.length - 1]!.at : state.stored.lastChange;
    if (position <= last) return;
    const before = this.current(key);
    const after = next(before);
    if (this.same(before, after)) return;
    state.versions.push({ row: after, at: position });
  }

  private same(a: Row | null, b: Row | null): boolean {
    if (a === null || b === null) return a === b;
    return this.valueColumns.every((c) => sameValue(a[c], b[c]));
  }

  /** Writes the batch's versions: closes the stored current ones, inserts the new ones. */
  async write(db: Kysely<any>, schema: string): Promise<void> {
    const closes: { key: readonly string[]; from: bigint; at: bigint }[] = [];
    const inserts: Record<string, unknown>[] = [];
    for (const state of this.keys.values()) {
      if (state.versions.length === 0) continue;
      if (state.stored.row !== null) closes.push({ key: state.key, from: state.stored.lastChange, at: state.versions[0]!.at });
      state.versions.forEach((v, i) => {
        if (v.row === null) return;
        const to = state.versions[i + 1]?.at ?? null;
        inserts.push({ ...toJson(v.row), valid_from: v.at.toString(), valid_to: to === null ? null : to.toString() });
      });
      // the batch's last version becomes the stored one (a second write of this batch writes nothing)
      const last = state.versions[state.versions.length - 1]!;
      state.stored = last.row === null ? { row: null, lastChange: last.at } : { row: last.row, lastChange: last.at };
      state.versions = [];
    }
    const table = tableIn(schema, this.table.name);
    const cols = this.table.key;
    if (closes.length > 0) {
      // each stored current version by its primary key (key..., valid_from)
      const arrays = [
        ...cols.map((_, i) => sql`${closes.map((c) => c.key[i])}::text[]`),
        sql`${closes.map((c) => c.from.toString())}::bigint[]`,
        sql`${closes.map((c) => c.at.toString())}::bigint[]`,
      ];
      await sql`update ${table} t set valid_to = k.at
        from unnest(${sql.join(arrays)}) as k(${sql.join([...cols.map((c) => sql.id(c)), sql.id('valid_from'), sql.id('at')])})
        where ${sql.join(
          cols.map((c) => sql`t.${sql.id(c)} = k.${sql.id(c)}`),
          sql` and `,
        )} and t.valid_from = k.valid_from and t.valid_to is null`.execute(db);
    }
    await insertRows(db, schema, this.table, inserts);
  }
}

/** Values as JSON carries them (dates as ISO text, bigints as text). */
function normal(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  return v;
}
/** A value as comparable text: jsonb gives objects back with its own key order, so keys are sorted. */
function canonical(v: unknown): string {
  const n = normal(v);
  if (n !== null && typeof n === 'object' && !Array.isArray(n)) {
    return `{${Object.keys(n)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((n as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  if (Array.isArray(n)) return `[${n.map(canonical).join(',')}]`;
  return JSON.stringify(n) ?? 'undefined';
}
/** Two column values alike: two primitives of one type by value, anything else (a date, an array, jsonb) as canonical text. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === typeof b && (typeof a === 'string' || typeof a === 'number' || typeof a === 'boolean')) return false;
  return canonical(a) === canonical(b);
}
const toJson = (row: object): Record<string, unknown> => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, normal(v)]));

/** Inserts row versions (value columns plus valid_from and valid_to) in one statement; an existing (key, valid_from) is kept. */
async function insertRows<Row extends object>(db: Kysely<any>, schema: string, table: TemporalTable<Row>, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...(Object.entries(table.columns) as [string, SqlType][]), ['valid_from', 'bigint'], ['valid_to', 'bigint']] as const;
  await sql`insert into ${tableIn(schema, table.name)} (${sql.join(columns.map(([c]) => sql.id(c)))})
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.join(columns.map(([c, t]) => sql`${sql.id(c)} ${sql.raw(t)}`))})
    on conflict do nothing`.execute(db);
}

/**
 * Rows that are never superseded once recorded (an answer): each version valid from the event's
 * position, `valid_to` null. An event arriving twice hits the key and is kept as it was.
 */
export async function appendFacts<Row extends object>(db: Kysely<any>, schema: string, table: TemporalTable<Row>, rows: readonly { row: Row; position: bigint }[]): Promise<void> {
  await insertRows(
    db,
    schema,
    table,
    rows.map(({ row, position }) => ({ ...toJson(row), valid_from: position.toString(), valid_to: null })),
  );
}
