import { sql, type Kysely, type Selectable } from 'kysely';
import { foldText, type Permission, type Role } from '@portal/kernel';
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
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const sortKeyOf = (row: DirectoryRow & { name_sort: string }, sort: DirectorySort): string => {
  switch (sort) {
    case 'name':
      return row.name_sort;
    case 'email':
      return row.email;
    case 'createdAt':
      return iso(row.created_at)!;
    case 'lastActiveAt':
      return iso(row.last_active_at) ?? NEVER;
  }
};

const encodeCursor = (c: DirectoryCursor): string => Buffer.from(JSON.stringify([c.sort, c.order, c.key, c.userId])).toString('base64url');

/** The cursor a page answered, for the same sort and order; null when it is not one (forged, or another sort). */
export function decodeDirectoryCursor(cursor: string, sort: DirectorySort, order: DirectoryOrder): DirectoryCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4 || !value.every((v) => typeof v === 'string')) return null;
    const [s, o, key, userId] = value as string[];
    if (s !== sort || o !== order) return null;
    if ((sort === 'createdAt' || sort === 'lastActiveAt') && key !== NEVER && Number.isNaN(Date.parse(key!))) return null;
    return { sort, order, key: key!, userId: userId! };
  } catch {
    return null;
  }
}

/** `like` pattern text: the user's %, _ and \ match themselves. */
const likeEscaped = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
/** At most this many words of a free text query are matched (the rest would not narrow a name and an e-mail further). */
const MAX_WORDS = 8;

/**
 * A page of the directory in keyset order (sort key, then user id): no OFFSET, so a page costs
 * the same at any depth and users added while paging never shift the pages (each user already
 * there is answered exactly once).
 */
export async function findDirectoryUsers(
  reader: Kysely<UsersDB>,
  filter: DirectoryFilter,
  page: { sort: DirectorySort; order: DirectoryOrder; limit: number; after?: DirectoryCursor },
): Promise<{ rows: DirectoryRow[]; nextCursor: string | null }> {
  const { sort, order, limit, after } = page;
  const column = SORT_COLUMNS[sort];
  const words = (filter.text ? foldText(filter.text).split(/\s+/).filter(Boolean) : []).slice(0, MAX_WORDS);
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
  let query = reader.selectFrom('users').selectAll();
  for (const word of words) query = query.where('search_text', 'like', `%${likeEscaped(word)}%`);
  for (const [col, value] of equal) if (value !== undefined) query = query.where(col, '=', value);
  if (filter.role) query = query.where(sql<boolean>`roles @> ${JSON.stringify([filter.role])}::jsonb`);
  if (filter.permission) query = query.where(sql<boolean>`permissions @> ${JSON.stringify([filter.permission])}::jsonb`);
  if (filter.station) query = query.where(sql<boolean>`(allowed_stations = '"all"'::jsonb or allowed_stations @> jsonb_build_object(${filter.station}::text, true))`);
  if (filter.hasAccount !== undefined) query = query.where('has_account', '=', filter.hasAccount);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  if (filter.neverStarted !== undefined) query = query.where('first_activity_at', filter.neverStarted ? 'is' : 'is not', null);
  if (filter.created?.from) query = query.where('created_at', '>=', filter.created.from);
  if (filter.created?.before) query = query.where('created_at', '<', filter.created.before);
  if (filter.lastActive?.from) query = query.where('last_active_at', '>=', filter.lastActive.from);
  if (filter.lastActive?.before) query = query.where('last_active_at', '<', filter.lastActive.before);
  if (after) query = query.where((eb) => eb(eb.refTuple(column, 'user_id'), order === 'asc' ? '>' : '<', eb.tuple(after.key, after.userId)));
  const rows = await query.orderBy(column, order).orderBy('user_id', order).limit(limit + 1).execute();
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows.at(-1);
  const nextCursor = more && last ? encodeCursor({ sort, order, key: sortKeyOf(last, sort), userId: last.user_id }) : null;
  return { rows: pageRows.map(({ last_sign_in_at: _s, search_text: _t, last_active_sort: _a, ...row }) => row), nextCursor };
}

/** One user of the directory (the edit drawer). */
export const findDirectoryUser = async (reader: Kysely<UsersDB>, userId: string): Promise<DirectoryRow | undefined> => {
  const row = await reader.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const { last_sign_in_at: _s, search_text: _t, last_active_sort: _a, ...rest } = row;
  return rest;
};
