import type { Kysely } from 'kysely';

export interface UserRow {
  user_id: string;
  email: string;
  email_verified: boolean;
  lang: string | null;
  country: string | null;
  ref: string | null;
  name: string | null;
  company: string | null;
  acting_area: string | null;
  user_type: string | null;
  is_inner_employee: boolean | null;
  default_station: string | null;
  register_status: string;
  roles: unknown;
  permissions: unknown;
  acl_tags: unknown;
  company_id: string | null;
  allowed_stations: unknown;
  profile_picture: string | null;
  state: string | null;
  city: string | null;
  phone: string | null;
  phone_verified: boolean;
  flags: unknown;
  interactions: unknown;
  email_verification_sent_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** `reader` is the runtime's Kysely scoped to the users projection's live schema. */
export const findUserById = async (reader: Kysely<any>, userId: string): Promise<UserRow | undefined> =>
  (await reader.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst()) as UserRow | undefined;

export const listUsersByRole = async (reader: Kysely<any>): Promise<UserRow[]> =>
  (await reader.selectFrom('users').selectAll().orderBy('created_at').execute()) as UserRow[];

export const listSessionIds = async (reader: Kysely<any>, userId: string): Promise<string[]> =>
  (await reader.selectFrom('sessions').select('session_id').where('user_id', '=', userId).orderBy('started_at').execute()).map((r) => String(r.session_id));
