import type { Kysely, Selectable } from 'kysely';
import type { UsersTable, UsersDB } from './schema.js';

/** A user as the read model holds it (no secrets). */
export type UserRow = Omit<Selectable<UsersTable>, 'last_sign_in_at'>;

/** `reader` is the runtime's Kysely scoped to the users projection's live schema. */
export const findUserById = async (reader: Kysely<UsersDB>, userId: string): Promise<UserRow | undefined> =>
  reader.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const listUsersByRole = async (reader: Kysely<UsersDB>): Promise<UserRow[]> => reader.selectFrom('users').selectAll().orderBy('created_at').execute();

export const listSessionIds = async (reader: Kysely<UsersDB>, userId: string): Promise<string[]> =>
  (await reader.selectFrom('sessions').select('session_id').where('user_id', '=', userId).orderBy('started_at').execute()).map((r) => String(r.session_id));

/** Names of several users at once (the events context's attendee lists and reports). */
export const namesOf = async (reader: Kysely<UsersDB>, userIds: string[]): Promise<Map<string, string | null>> =>
  userIds.length === 0
    ? new Map()
    : new Map((await reader.selectFrom('users').select(['user_id', 'name']).where('user_id', 'in', userIds).execute()).map((r) => [String(r.user_id), r.name]));
