import { query, type Database } from '@portal/database';

/**
 * Where plaintext of a data subject still is (ADR 0091's erasure and retention tests): every table
 * of every schema but the catalogs, each row as text, searched for each needle as typed, in any
 * case, and as hex (bytea columns print so); the log's tables are tables too, so its bytes are
 * searched. Answers `schema.table: needle` per finding.
 */
export async function wherePlaintext(database: Database, needles: readonly string[]): Promise<string[]> {
  const tables = await query<{ s: string; t: string }>(
    database.db,
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_%'`,
  );
  const found: string[] = [];
  for (const { s, t: table } of tables) {
    const rows = await query<{ text: string }>(database.db, `select x::text as text from "${s}"."${table}" x`);
    for (const needle of needles) {
      const hex = Buffer.from(needle, 'utf8').toString('hex');
      if (rows.some((r) => r.text.includes(needle) || r.text.toLowerCase().includes(needle.toLowerCase()) || r.text.includes(hex))) found.push(`${s}.${table}: ${needle}`);
    }
  }
  return found;
}
