import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type Database } from '@portal/database';
import { companiesTable, learnersTable, migrateDimensions, type LearnerRow } from './dimensions.js';
import { companyName, learnerName, reportPage, reportRows, type ReportQuerySpec, type ReportRead } from './report.js';
import { appendFacts, createTemporalTable, type TemporalTable } from './temporal.js';

/**
 * A report export on the embedded PGlite (the default without DATABASE_URL, ADR 0070): the rows
 * come from a cursor in pages, every row once and in the report's order, and the database stays
 * free for other requests while the file is being downloaded.
 */
interface FactRow {
  fact_id: string;
  user_id: string;
  score: number;
  at: string;
}
const factsTable: TemporalTable<FactRow> = { name: 'facts', key: ['fact_id'], columns: { fact_id: 'text', user_id: 'text', score: 'integer', at: 'timestamptz' } };

interface Row {
  factId: string;
  learner: string;
  company: string | null;
  score: number;
}
const spec: ReportQuerySpec<Row> = {
  fact: factsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.at`,
  stationColumn: null,
  joins: () => sql``,
  select: (ctx) => sql`f.fact_id as "factId", ${learnerName(ctx)} as "learner", ${companyName} as "company", f.score as "score"`,
  sortable: (ctx) => ({ score: sql`f.score`, learner: learnerName(ctx) }),
  tiebreak: sql`f.fact_id`,
  toRow: (r) => ({ factId: String(r['factId']), learner: String(r['learner']), company: (r['company'] as string | null) ?? null, score: Number(r['score']) }),
};

const FACTS = 6000;
const LEARNERS = 30;
const schema = 'report_rows_pglite';
let database: Database;
const learnerOf = (i: number) => `u${String(i % LEARNERS).padStart(2, '0')}`;
const companyOf = (user: string) => (Number(user.slice(1)) % 3 === 0 ? 'co-b' : 'co-a');
const facts = Array.from({ length: FACTS }, (_, i): FactRow => ({ fact_id: `f${String(i).padStart(5, '0')}`, user_id: learnerOf(i), score: (i * 37) % 101, at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }));

const read = (scopeCompanyId: string | null): ReportRead => ({ at: null, lang: 'en', scopeCompanyId, filters: {}, sort: { column: 'score', direction: 'desc' } });
const expectedIds = (company: string | null) =>
  facts
    .filter((f) => company === null || companyOf(f.user_id) === company)
    .sort((a, b) => b.score - a.score || (a.fact_id < b.fact_id ? -1 : 1))
    .map((f) => f.fact_id);
const within = <T>(work: Promise<T>, ms = 2000): Promise<T> => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

beforeAll(async () => {
  database = await createDatabase({});
  await sql`create schema ${sql.id(schema)}`.execute(database.db);
  await migrateDimensions(database.db, schema);
  await createTemporalTable(database.db, schema, factsTable);
  const learners = Array.from({ length: LEARNERS }, (_, i): LearnerRow => {
    const user = learnerOf(i);
    return { user_id: user, email: `${user}@example.com`, name: `Learner ${user}`, company_id: companyOf(user), country: 'BR', state: null, user_type: null, user_group: null, acl_tags: [] };
  });
  await appendFacts(database.db, schema, learnersTable, learners.map((row) => ({ row, position: 1n })));
  await appendFacts(database.db, schema, companiesTable, [{ row: { company_id: 'co-a', name: 'Company A' }, position: 1n }, { row: { company_id: 'co-b', name: 'Company B' }, position: 1n }]);
  for (let i = 0; i < FACTS; i += 1000) await appendFacts(database.db, schema, factsTable, facts.slice(i, i + 1000).map((row, j) => ({ row, position: BigInt(10 + i + j) })));
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('reportRows on PGlite', () => {
  it('exports every row once, in the report\'s order, for every company and for one company\'s scope', async () => {
    for (const company of [null, 'co-a']) {
      const rows: Row[] = [];
      for await (const row of reportRows(database.db, schema, spec, read(company), 500)) rows.push(row);
      expect(rows.map((r) => r.factId)).toEqual(expectedIds(company));
      if (company) expect(rows.every((r) => r.company === 'Company A')).toBe(true);
    }
  });

  it("pages through the same rows as the export, each once: one company's page cut before the joins (a fact column's order) or after them (the learner's)", async () => {
    for (const company of [null, 'co-a']) {
      for (const sort of [{ column: 'score', direction: 'desc' }, { column: 'score', direction: 'asc' }, { column: 'learner', direction: 'asc' }] as const) {
        const r = { ...read(company), sort };
        const exported: string[] = [];
        for await (const row of reportRows(database.db, schema, spec, r, 500)) exported.push(row.factId);
        const paged: string[] = [];
        for (let page = 1; ; page += 1) {
          const { rows, total } = await reportPage(database.db, schema, spec, r, { page, pageSize: 700 });
          expect(total).toBe(exported.length);
          if (rows.length === 0) break;
          paged.push(...rows.map((row) => row.factId));
        }
        expect(paged).toEqual(exported);
        if (sort.column === 'score' && sort.direction === 'desc') expect(exported).toEqual(expectedIds(company));
      }
    }
  });

  it('leaves the database to other requests while the reader of the export is paused, and exports the rows as they stood when it started', async () => {
    const rows = reportRows(database.db, schema, spec, read('co-a'), 500);
    const ids: string[] = [];
    for await (const row of rows) {
      ids.push(row.factId);
      if (ids.length === 700) {
        // a slow download: a learner's answer is recorded meanwhile, and another manager reads
        await within(appendFacts(database.db, schema, factsTable, [{ row: { fact_id: 'f99999', user_id: 'u01', score: 100, at: '2026-02-01T00:00:00.000Z' }, position: 100_000n }]));
        await within(sql`select count(*) from ${sql.table(`${schema}.facts`)}`.execute(database.db));
      }
    }
    expect(ids).toEqual(expectedIds('co-a'));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
