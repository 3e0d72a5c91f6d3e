import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ManagerDashboardDB } from './schema.js';

/** A column of a set-based write: its name and the Postgres type of the array it travels in. */
export type Column<Row> = readonly [name: keyof Row & string, type: 'text' | 'integer' | 'float8' | 'boolean'];

/** The projection's table `name` in its schema. */
export type Table = (name: keyof ManagerDashboardDB) => RawBuilder<unknown>;

/**
 * Writes `rows` into `table` in one statement (each column an array: `insert ... select * from
 * unnest(...)`, whatever the number of rows), and on a key already there: `add` adds the values
 * to the stored ones, `replace` takes the new ones, `keep` leaves the stored row.
 */
export async function upsertRows<T extends keyof ManagerDashboardDB, Row extends ManagerDashboardDB[T]>(
  t: Kysely<ManagerDashboardDB>,
  table: Table,
  name: T,
  columns: readonly Column<Row>[],
  key: readonly (keyof Row & string)[],
  onConflict: 'add' | 'replace' | 'keep',
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([c]) => sql.ref(c));
  const arrays = columns.map(([, type], i) => sql`${rows.map((r) => r[i])}::${sql.raw(type)}[]`);
  const values = columns.filter(([c]) => !key.includes(c)).map(([c]) => c);
  const action =
    onConflict === 'keep' || values.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(values.map((c) => (onConflict === 'add' ? sql`${sql.ref(c)} = ${sql.raw(`${name}.${c}`)} + excluded.${sql.ref(c)}` : sql`${sql.ref(c)} = excluded.${sql.ref(c)}`)))}`;
  await sql`insert into ${table(name)} (${sql.join(names)}) select * from unnest(${sql.join(arrays)}) on conflict (${sql.join(key.map((c) => sql.ref(c)))}) ${action}`.execute(t);
}

/** The rows of `name` whose (first, second) key is one of `pairs`: one statement, the pairs as two arrays. */
export async function rowsOfPairs<T extends keyof ManagerDashboardDB>(
  t: Kysely<ManagerDashboardDB>,
  table: Table,
  name: T,
  keys: readonly [keyof ManagerDashboardDB[T] & string, keyof ManagerDashboardDB[T] & string],
  pairs: readonly (readonly [string, string])[],
): Promise<ManagerDashboardDB[T][]> {
  if (pairs.length === 0) return [];
  const [a, b] = keys;
  const found = await sql<ManagerDashboardDB[T]>`
    select r.* from ${table(name)} r
    join unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) as k(a, b) on r.${sql.ref(a)} = k.a and r.${sql.ref(b)} = k.b`.execute(t);
  return found.rows;
}
