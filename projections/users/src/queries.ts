import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { foldText, type Permission, type Role, isoOrNull } from '@portal/kernel';
import type { UsersTable, UsersDB } from './schema.js';

/** A user as the read model holds it (no secrets). */
export type UserRow = Omit<Selectable<UsersTable>, 'last_sign_in_at'>;

/** `reader` is the runtime's Kysely scoped to the users projection's live schema. */
export const findUserById = async (reader: Kysely<UsersDB>, userId: string): Promise<UserRow | undefined> =>
  reader.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const listUsersByRole = async (reader: Kysely<UsersDB>): Promise<UserRow[]> => reader.selectFrom('users').selectAll().orderBy('created_at').execute();

export const listSessionIds = async (reader: Kysely<UsersDB>, userId: string): Promise<string[]> =>
  (await reader.selectFrom('sessions').select('session_id').where('user_id', '=', userId).orderBy('started_at').execute()).map((r) => String(r.session_id));

// ---------------------------------------------------------------- the manager's user directory (ADR 0052)

/** A user as the manager's directory reads it. */
export type DirectoryRow = Omit<Selectable<UsersTable>, 'last_sign_in_at' | 'search_text' | 'last_active_sort'>;

export const DIRECTORY_SORTS = ['name', 'email', 'createdAt', 'lastActiveAt'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export type DirectoryOrder = 'asc' | 'desc';

/** Every criterion is optional; they combine with AND. Time bounds: `from` inclusive, `before` exclusive (ISO instants). */
export interface DirectoryFilter {
  /** free text: every word must appear in the folded name or the e-mail */
  text?: string;
  companyId?: string;
  country?: string;
  state?: string;
  role?: Role;
  permission?: Permission;
  userType?: string;
  actingArea?: string;
  /** allowed into this station ("all" allows every station) */
  station?: string;
  group?: string;
  region?: string;
  businessUnit?: string;
  hasAccount?: boolean;
  active?: boolean;
  neverStarted?: boolean;
  created?: { from?: string; before?: string };
  lastActive?: { from?: string; before?: string };
}

/** Where a page ends: the last row's sort key and id, under the sort and order it was read with. */
interface DirectoryCursor {
  sort: DirectorySort;
  order: DirectoryOrder;
  key: string;
  userId: string;
}

const SORT_COLUMNS = { name: 'name_sort', email: 'email', createdAt: 'created_at', lastActiveAt: 'last_active_sort' } as const;
const NEVER = '-infinity';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const sortKeyOf = (row: DirectoryRow, sort: DirectorySort): string => {
  switch (sort) {
    case 'name':
      return row.name_sort;
    case 'email':
      return row.email;
    case 'createdAt':
      return isoOrNull(row.created_at)!;
    case 'lastActiveAt':
      return isoOrNull(row.last_active_at) ?? NEVER;
  }
};

const encodeCursor = (c: DirectoryCursor): string => Buffer.from(JSON.stringify([c.sort, c.order, c.key, c.userId])).toString('base64url');

/** The cursor a page answered, for the same sort and order; null when it is not one (forged, or another sort). */
export function decodeDirectoryCursor(cursor: string, sort: DirectorySort, order: DirectoryOrder): DirectoryCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4 || !value.every((v) => typeof v === 'string')) return null;
    const [s, o, key, userId] = value as [string, string, string, string];
    if (s !== sort || o !== order) return null;
    // what encodeCursor writes, nothing Postgres could refuse (a NUL, a malformed time)
    if (key.length > 600 || userId.length > 200 || /\u0000/.test(key + userId)) return null;
    if ((sort === 'createdAt' || sort === 'lastActiveAt') && key !== NEVER && !(ISO_INSTANT.test(key) && new Date(key).toISOString() === key)) return null;
    return { sort, order, key, userId };
  } catch {
    return null;
  }
}

/** `like` pattern text: the user's %, _ and \\ match themselves. */
const likeEscaped = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
/** At most this many words of a free text query are matched (the rest would not narrow a name and an e-mail further). */
const MAX_WORDS = 8;
/** Matches of a text query sorted in memory; more than this are read in index order instead (ADR 0052). */
const TEXT_CANDIDATES = 2000;

type Eb = ExpressionBuilder<UsersDB, 'users'>;
type Page = { sort: DirectorySort; order: DirectoryOrder; limit: number; after?: DirectoryCursor };

/** The filter, the text's words and the keyset position as conditions on `users`. */
function conditions(eb: Eb, filter: DirectoryFilter, words: string[], page: Page): Expression<SqlBool>[] {
  const equal = [
    ['company_id', filter.companyId],
    ['country', filter.country],
    ['state', filter.state],
    ['user_type', filter.userType],
    ['acting_area', filter.actingArea],
    ['user_group', filter.group],
    ['region', filter.region],
    ['business_unit', filter.businessUnit],
  ] as const;
  const c: Expression<SqlBool>[] = words.map((word) => eb('search_text', 'like', `%${likeEscaped(word)}%`));
  for (const [col, value] of equal) if (value !== undefined) c.push(eb(col, '=', value));
  if (filter.role) c.push(sql<SqlBool>`roles @> ${JSON.stringify([filter.role])}::jsonb`);
  if (filter.permission) c.push(sql<SqlBool>`permissions @> ${JSON.stringify([filter.permission])}::jsonb`);
  if (filter.station) c.push(sql<SqlBool>`(allowed_stations = '"all"'::jsonb or allowed_stations @> jsonb_build_object(${filter.station}::text, true))`);
  if (filter.hasAccount !== undefined) c.push(eb('has_account', '=', filter.hasAccount));
  if (filter.active !== undefined) c.push(eb('active', '=', filter.active));
  if (filter.neverStarted !== undefined) c.push(eb('first_activity_at', filter.neverStarted ? 'is' : 'is not', null));
  if (filter.created?.from) c.push(eb('created_at', '>=', filter.created.from));
  if (filter.created?.before) c.push(eb('created_at', '<', filter.created.before));
  if (filter.lastActive?.from) c.push(eb('last_active_at', '>=', filter.lastActive.from));
  if (filter.lastActive?.before) c.push(eb('last_active_at', '<', filter.lastActive.before));
  const { after, order } = page;
  if (after) c.push(eb(eb.refTuple(SORT_COLUMNS[page.sort], 'user_id'), order === 'asc' ? '>' : '<', eb.tuple(after.key, after.userId)));
  return c;
}

/**
 * The page's ids for a text query, found through the trigram index: the matches (at most
 * TEXT_CANDIDATES) are collected with bitmap scans only, then sorted. The planner's estimate for
 * `like '%...%'` is a guess, and a wrong one walks the whole sort index (hundreds of ms at
 * 100,000 users): here the plan follows the index that narrows. Null when there are more matches
 * than that: then they are dense enough for the index order to find a page quickly.
 */
async function textCandidates(reader: Kysely<UsersDB>, filter: DirectoryFilter, words: string[], page: Page): Promise<string[] | null> {
  return reader.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    const rows = await trx
      .with(
        (cte) => cte('c').materialized(),
        (db) =>
          db
            .selectFrom('users')
            .select((eb) => ['user_id', eb.ref(SORT_COLUMNS[page.sort]).as('k')])
            .where((eb) => eb.and(conditions(eb, filter, words, page)))
            .limit(TEXT_CANDIDATES + 1),
      )
      .selectFrom('c')
      .select((eb) => ['c.user_id', eb.selectFrom('c').select(eb.fn.countAll<string>().as('n')).as('n')])
      .orderBy('c.k', page.order)
      .orderBy('c.user_id', page.order)
      .limit(page.limit + 1)
      .execute();
    if (rows.length > 0 && Number(rows[0]!.n) > TEXT_CANDIDATES) return null;
    return rows.map((r) => r.user_id);
  });
}

const withoutSearchColumns = ({ last_sign_in_at: _s, search_text: _t, last_active_sort: _a, ...row }: Selectable<UsersTable>): DirectoryRow => row;

/**
 * A page of the directory in keyset order (sort key, then user id): no OFFSET, so a page costs
 * the same at any depth and users added while paging never shift the pages (each user already
 * there is answered exactly once).
 */
export async function findDirectoryUsers(reader: Kysely<UsersDB>, filter: DirectoryFilter, page: Page): Promise<{ rows: DirectoryRow[]; nextCursor: string | null }> {
  const { sort, order, limit } = page;
  const column = SORT_COLUMNS[sort];
  const words = (filter.text ? foldText(filter.text).split(/\s+/).filter(Boolean) : []).slice(0, MAX_WORDS);
  // a word of three letters or more has trigrams: the index can narrow the search
  const ids = words.some((w) => w.length >= 3) ? await textCandidates(reader, filter, words, page) : null;
  let rows: Selectable<UsersTable>[];
  if (ids) {
    const found = ids.length === 0 ? [] : await reader.selectFrom('users').selectAll().where('user_id', 'in', ids).execute();
    const byId = new Map(found.map((r) => [r.user_id, r]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    rows = await reader
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.and(conditions(eb, filter, words, page)))
      .orderBy(column, order)
      .orderBy('user_id', order)
      .limit(limit + 1)
      .execute();
  }
  const more = rows.length > limit;
  const pageRows = (more ? rows.slice(0, limit) : rows).map(withoutSearchColumns);
  const last = pageRows.at(-1);
  const nextCursor = more && last ? encodeCursor({ sort, order, key: sortKeyOf(last, sort), userId: last.user_id }) : null;
  return { rows: pageRows, nextCursor };
}

/** One user of the directory (the edit drawer). */
export const findDirectoryUser = async (reader: Kysely<UsersDB>, userId: string): Promise<DirectoryRow | undefined> => {
  const row = await reader.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row && withoutSearchColumns(row);
};

/** Names of several users at once (the events context's attendee lists and reports). */
export const namesOf = async (reader: Kysely<UsersDB>, userIds: string[]): Promise<Map<string, string | null>> =>
  userIds.length === 0
    ? new Map()
    : new Map((await reader.selectFrom('users').select(['user_id', 'name']).where('user_id', 'in', userIds).execute()).map((r) => [String(r.user_id), r.name]));
