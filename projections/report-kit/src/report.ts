import { sql, type Kysely, type RawBuilder } from 'kysely';
import { catalogueTable, companiesTable, learnersTable } from './dimensions.js';
import { tableIn, validAt } from './temporal.js';

/**
 * The read side every report shares (ADR 0070): one SQL statement per page (the fact table, the
 * learner and company as they stood at the position read, the report's title joins), the same
 * statement without paging streamed for an export, and the count. Filters, sort and paging are
 * built here once; a report says only what its fact table is and what its columns select.
 */

/** What a report is read with (the HTTP contract's parsed query, the position resolved). */
export interface ReportRead {
  /** the position "as of" resolves to; null: the live report */
  at: bigint | null;
  /** the locale titles are written in */
  lang: 'pt-BR' | 'es' | 'en';
  /** the caller's scope: only learners of this company (null: every company) */
  scopeCompanyId: string | null;
  filters: ReportFilterValues;
  sort: { column: string; direction: 'asc' | 'desc' };
  /** the time a report's "within N days" columns count back from: the "as of" date asked, else the time of the read (absent: now) */
  now?: Date | undefined;
}

/** The filters of every report (001 §2 reports; issue 16). Dates are YYYY-MM-DD (UTC days, `to` included). */
export interface ReportFilterValues {
  from?: string | undefined;
  to?: string | undefined;
  companyId?: string | undefined;
  country?: string | undefined;
  state?: string | undefined;
  /** a station or crop: rows of it and of every station under it */
  station?: string | undefined;
  aclTag?: string | undefined;
  userType?: string | undefined;
  group?: string | undefined;
}

/** The context a report's SQL is written in: the position and locale, and the kit's aliases. */
export interface ReportSqlContext {
  at: bigint | null;
  lang: ReportRead['lang'];
  /** `schema.table` of a table of the report's schema */
  table(name: string): RawBuilder<unknown>;
  /** the read's reference time (`ReportRead.now`) */
  now: Date;
  /** the learner filters (country, state, ACL tag, user type, group) on a learners alias: for a company report's learner counts */
  learnerWhere(alias: string): RawBuilder<boolean>;
  /** the date range on an expression (true when none is given): for a company report's counted facts */
  dateWhere(expr: RawBuilder<unknown>): RawBuilder<boolean>;
  /** the crop/station filter on an expression (true when none is given): for a company report's counted facts */
  stationWhere(expr: RawBuilder<unknown>): RawBuilder<boolean>;
}

/** One report's query: its fact table (aliased `f`), its joins, its columns. */
export interface ReportQuerySpec<Row> {
  /** the fact table's name in the report's schema (a temporal table, aliased `f`) */
  fact: string;
  /** the column of `f` holding the learner's user id */
  userColumn: string;
  /**
   * Rows whose user column is null or names no learner are kept (left join; the learner's and
   * company's columns read null) instead of dropped: the messaging report's unmatched phones.
   * A company scope or any learner filter still leaves them out (their company is no one's).
   */
  learnerOptional?: boolean;
  /** the expression the date range filters on (a timestamptz of `f`) */
  dateColumn: RawBuilder<unknown>;
  /** the station the station/crop filter matches, or null when the report has none */
  stationColumn: RawBuilder<unknown> | null;
  /** the report's own joins (titles), after the kit's `l` (learner) and `c` (company) */
  joins(ctx: ReportSqlContext): RawBuilder<unknown>;
  /** the select list (`expr as "key"`), in column order */
  select(ctx: ReportSqlContext): RawBuilder<unknown>;
  /** the sortable columns' expressions, by column key (the whitelist) */
  sortable(ctx: ReportSqlContext): Record<string, RawBuilder<unknown>>;
  /** makes the order total (unique columns of `f`), so pages never overlap */
  tiebreak: RawBuilder<unknown>;
  /** a raw database row to the contract's row */
  toRow(raw: Record<string, unknown>): Row;
  /**
   * What a row is about. Absent: a learner (`f.<userColumn>` joins the learner `l`, every filter
   * applies to the row). A company (report-companies): `f.<companyColumn>` is the company the scope
   * and the company filter select; the other filters apply to what the report counts, through
   * `ctx.learnerWhere`, `ctx.dateWhere` and `ctx.stationWhere` in its select list.
   */
  subject?: { kind: 'company'; companyColumn: string };
}

/** "erased user #n" in the reader's locale (ADR 0091): an erased learner's facts still count and still group under one name. */
export const ERASED_USER_LABEL = { 'pt-BR': 'usuário apagado', es: 'usuario borrado', en: 'erased user' } as const;

/**
 * The learner's display text (name, else e-mail) and the company's name, for select lists. An
 * erased learner (their e-mail reads "[erased]", ADR 0091) is "erased user #n": n is stable per
 * learner (from their pseudonymous id), so their rows stay together and apart from another's.
 */
export const learnerName = (ctx: Pick<ReportSqlContext, 'lang'>) =>
  sql<string>`case when l.email = '[erased]' then ${ERASED_USER_LABEL[ctx.lang]} || ' #' || (('x' || substr(md5(l.user_id), 1, 7))::bit(28)::int)::text else coalesce(l.name, l.email, l.user_id) end`;
export const companyName = sql<string | null>`c.name`;

/** A left join of the catalogue dimension (title of `kind` whose id is `idExpr`) as it stood at the position. */
export function titleJoin(ctx: ReportSqlContext, alias: string, kind: string, idExpr: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`left join ${ctx.table(catalogueTable.name)} ${sql.id(alias)} on ${sql.id(alias)}.kind = ${kind} and ${sql.id(alias)}.id = ${idExpr} and ${validAt(alias, ctx.at)}`;
}
/** The joined title in the reader's locale (pt-BR, then the id, when missing). */
export function titleText(ctx: ReportSqlContext, alias: string, fallback: RawBuilder<unknown>): RawBuilder<string | null> {
  const a = sql.id(alias);
  return sql<string | null>`coalesce(${a}.title->>${ctx.lang}, ${a}.title->>'pt-BR', ${fallback})`;
}

function learnerConditions(f: ReportFilterValues, alias: string): RawBuilder<unknown>[] {
  const l = sql.id(alias);
  const conditions: RawBuilder<unknown>[] = [];
  if (f.country) conditions.push(sql`${l}.country = ${f.country}`);
  if (f.state) conditions.push(sql`${l}.state = ${f.state}`);
  if (f.userType) conditions.push(sql`${l}.user_type = ${f.userType}`);
  if (f.group) conditions.push(sql`${l}.user_group = ${f.group}`);
  if (f.aclTag) conditions.push(sql`${l}.acl_tags @> array[${f.aclTag}]::text[]`);
  return conditions;
}
function dateConditions(f: ReportFilterValues, expr: RawBuilder<unknown>): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (f.from) conditions.push(sql`${expr} >= ${f.from}::date`);
  if (f.to) conditions.push(sql`${expr} < ${f.to}::date + 1`);
  return conditions;
}
function stationConditions(f: ReportFilterValues, expr: RawBuilder<unknown> | null, table: (name: string) => RawBuilder<unknown>, at: bigint | null): RawBuilder<unknown>[] {
  if (!f.station) return [];
  if (!expr) return [sql`false`];
  return [
    sql`${expr} in (
      with recursive under(id) as (
        select ${f.station}::text
        union
        select s.id from ${table(catalogueTable.name)} s join under u on s.parent_id = u.id
        where s.kind = 'station' and ${validAt('s', at)}
      ) select id from under)`,
  ];
}
const all = (conditions: RawBuilder<unknown>[]): RawBuilder<boolean> => (conditions.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(conditions, sql` and `)})`);

const context = (schema: string, read: Pick<ReportRead, 'at' | 'lang' | 'now'> & { filters?: ReportFilterValues }): ReportSqlContext => ({
  at: read.at,
  lang: read.lang,
  table: (name) => tableIn(schema, name),
  now: read.now ?? new Date(),
  learnerWhere: (alias) => all(learnerConditions(read.filters ?? {}, alias)),
  dateWhere: (expr) => all(dateConditions(read.filters ?? {}, expr)),
  stationWhere: (expr) => all(stationConditions(read.filters ?? {}, expr, (name) => tableIn(schema, name), read.at)),
});

/**
 * The one company a read selects (the caller's scope, else the company filter; null: every
 * company) and whether the filter contradicts the scope (no row then).
 */
function companyOf(read: ReportRead): { company: string | null; contradicts: boolean } {
  const f = read.filters;
  return { company: read.scopeCompanyId || f.companyId || null, contradicts: Boolean(read.scopeCompanyId && f.companyId && f.companyId !== read.scopeCompanyId) };
}

/** A company report's rows (`subject` company): the scope and the company filter select the company; the rest is the report's. */
function companyFromAndWhere<Row>(spec: ReportQuerySpec<Row>, companyColumn: string, ctx: ReportSqlContext, read: ReportRead, withJoins: boolean): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [validAt('f', ctx.at)];
  const { company, contradicts } = companyOf(read);
  if (contradicts) conditions.push(sql`false`);
  if (company) conditions.push(sql`f.${sql.id(companyColumn)} = ${company}`);
  return sql`from ${ctx.table(spec.fact)} f
    left join ${ctx.table(companiesTable.name)} c on c.company_id = f.${sql.id(companyColumn)} and ${validAt('c', ctx.at)}
    ${withJoins ? spec.joins(ctx) : sql``}
    where ${sql.join(conditions, sql` and `)}`;
}

function factConditions<Row>(spec: ReportQuerySpec<Row>, ctx: ReportSqlContext, f: ReportFilterValues): RawBuilder<unknown>[] {
  return [validAt('f', ctx.at), ...dateConditions(f, spec.dateColumn), ...stationConditions(f, spec.stationColumn, ctx.table, ctx.at)];
}

/**
 * A learner report's rows. Two forms of the same rows:
 * - one company (the caller's scope or the company filter): the company's learners first, each
 *   learner's facts through the fact table's (user, ...) index (a lateral subquery the planner
 *   may not flatten: `offset 0`). The planner, left to itself, walks the fact table's time index
 *   hoping to meet the page's rows early, and reads every fact when the company has none in the
 *   range (ADR 0070 addendum: 90 s at 600,000 answers);
 * - every company: the facts first, joined to their learners (sorted after the joins: the time
 *   indexes are ascending, the default order is newest first with nulls last).
 */
function fromAndWhere<Row>(spec: ReportQuerySpec<Row>, ctx: ReportSqlContext, read: ReportRead, withJoins: boolean, pageFirst?: RawBuilder<unknown>): RawBuilder<unknown> {
  if (spec.subject?.kind === 'company') return companyFromAndWhere(spec, spec.subject.companyColumn, ctx, read, withJoins);
  const f = read.filters;
  const { company, contradicts } = companyOf(read);
  const learner: RawBuilder<unknown>[] = [];
  if (contradicts) learner.push(sql`false`);
  if (company) learner.push(sql`l.company_id = ${company}`);
  learner.push(...learnerConditions(f, 'l'));
  const facts = factConditions(spec, ctx, f);
  const rest = sql`left join ${ctx.table(companiesTable.name)} c on c.company_id = l.company_id and ${validAt('c', ctx.at)}
    ${withJoins ? spec.joins(ctx) : sql``}`;
  if (company) {
    // the matching facts as a set (fenced: `offset 0`), then the learner, company and titles joined
    // once over that set, not inside the loop over learners; the count needs none of them
    const matching = sql`from (select f.* from ${ctx.table(learnersTable.name)} l
      cross join lateral (select f.* from ${ctx.table(spec.fact)} f where f.${sql.id(spec.userColumn)} = l.user_id and ${sql.join(facts, sql` and `)} offset 0) f
      where ${sql.join([validAt('l', ctx.at), ...learner], sql` and `)} offset 0) f`;
    if (!withJoins) return matching;
    // the page taken from the set before the joins, when its order needs only the fact's columns
    const rows = pageFirst ? sql`from (select f.* ${matching} ${pageFirst}) f` : matching;
    return sql`${rows}
    join ${ctx.table(learnersTable.name)} l on l.user_id = f.${sql.id(spec.userColumn)} and ${validAt('l', ctx.at)}
    ${rest}`;
  }
  return sql`from ${ctx.table(spec.fact)} f
    ${spec.learnerOptional ? sql`left join` : sql`join`} ${ctx.table(learnersTable.name)} l on l.user_id = f.${sql.id(spec.userColumn)} and ${validAt('l', ctx.at)}
    ${rest}
    where ${sql.join([...facts, ...learner], sql` and `)}`;
}

function orderBy<Row>(spec: ReportQuerySpec<Row>, ctx: ReportSqlContext, read: ReportRead): RawBuilder<unknown> {
  const expr = spec.sortable(ctx)[read.sort.column];
  if (!expr) throw new Error(`not a sortable column: ${read.sort.column}`);
  const dir = read.sort.direction === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  return sql`order by ${expr} ${dir}, ${spec.tiebreak}`;
}

/** An order by the fact's columns only (`order by f.a desc nulls last, f.b`). */
const FACT_COLUMNS = /^order by f\.\w+ (asc|desc) nulls last(, f\.\w+)*$/;

/** One page of a report and the number of rows the filters match. */
export async function reportPage<Row>(
  db: Kysely<any>,
  schema: string,
  spec: ReportQuerySpec<Row>,
  read: ReportRead,
  page: { page: number; pageSize: number },
): Promise<{ rows: Row[]; total: number }> {
  const ctx = context(schema, read);
  const offset = (page.page - 1) * page.pageSize;
  const order = orderBy(spec, ctx, read);
  const paging = sql`limit ${page.pageSize} offset ${offset}`;
  // one company's rows ordered by the fact's own columns (the default sort): the page is cut from
  // the matching facts first and only its rows get the learner, company and titles
  const pageFirst = companyOf(read).company !== null && !spec.subject && FACT_COLUMNS.test(order.compile(db).sql);
  const statement = pageFirst
    ? sql<Record<string, unknown>>`select ${spec.select(ctx)} ${fromAndWhere(spec, ctx, read, true, sql`${order} ${paging}`)} ${order}`
    : sql<Record<string, unknown>>`select ${spec.select(ctx)} ${fromAndWhere(spec, ctx, read, true)} ${order} ${paging}`;
  const [rows, count] = await Promise.all([
    statement.execute(db),
    sql<{ total: string | number }>`select count(*) as total ${fromAndWhere(spec, ctx, read, false)}`.execute(db),
  ]);
  return { rows: rows.rows.map((r) => spec.toRow(r)), total: Number(count.rows[0]?.total ?? 0) };
}

/**
 * Every row the filters match, in the report's order, read from a database cursor `chunkSize`
 * rows at a time: constant memory on a Postgres server (pg-cursor) and on the embedded PGlite (a
 * `WITH HOLD` cursor fetched page by page, the session free between pages: libs/database). A
 * thousand rows a read: with 5,000 the rows of a read outlived the collector's young generation
 * and the process grew its heap by about 150 MB during a 600,000-row export, against 15 MB now,
 * in the same time (ADR 0070, fifth session).
 */
export async function* reportRows<Row>(db: Kysely<any>, schema: string, spec: ReportQuerySpec<Row>, read: ReportRead, chunkSize = 1000): AsyncGenerator<Row> {
  const ctx = context(schema, read);
  const compiled = sql<Record<string, unknown>>`select ${spec.select(ctx)} ${fromAndWhere(spec, ctx, read, true)} ${orderBy(spec, ctx, read)}`.compile(db);
  for await (const chunk of db.getExecutor().stream(compiled, chunkSize)) {
    for (const raw of chunk.rows) yield spec.toRow(raw);
  }
}

/**
 * Rows per ISO week (its Monday, UTC) of the report's date column under the same filters and scope:
 * the trend chart of a report. `measures` are extra sums by name (e.g. correct answers).
 */
export async function reportWeekly<Row>(
  db: Kysely<any>,
  schema: string,
  spec: ReportQuerySpec<Row>,
  read: Omit<ReportRead, 'sort'>,
  measures: Record<string, RawBuilder<unknown>> = {},
  weeks = 53,
): Promise<{ startsOn: string; count: number; measures: Record<string, number> }[]> {
  const ctx = context(schema, read);
  const week = sql`date_trunc('week', ${spec.dateColumn} at time zone 'UTC')::date`;
  const extra = Object.entries(measures).map(([name, expr]) => sql`, sum(case when ${expr} then 1 else 0 end) as ${sql.id(name)}`);
  const result = await sql<Record<string, unknown>>`select to_char(${week}, 'YYYY-MM-DD') as starts_on, count(*) as n ${sql.join(extra, sql``)}
    ${fromAndWhere(spec, ctx, { ...read, sort: { column: '', direction: 'asc' } }, false)}
    group by ${week} order by ${week} desc limit ${weeks}`.execute(db);
  return result.rows
    .map((r) => ({ startsOn: String(r.starts_on), count: Number(r.n), measures: Object.fromEntries(Object.keys(measures).map((m) => [m, Number(r[m] ?? 0)])) }))
    .reverse();
}
