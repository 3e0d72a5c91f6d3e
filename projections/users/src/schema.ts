import { sql, type ColumnType, type Generated, type GeneratedAlways, type Kysely } from 'kysely';
import type { Permission, Role } from '@portal/kernel';

/** A timestamptz column: written as an ISO string, read as a Date (pg) or a string (PGlite). */
type Timestamp = ColumnType<Date | string, string, string>;
/** A jsonb column with a default: written as JSON text (or an SQL expression giving jsonb), read parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;
/** A nullable timestamptz column. */
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

export interface UsersTable {
  user_id: string;
  email: string;
  email_verified: Generated<boolean>;
  lang: string | null;
  country: string | null;
  ref: string | null;
  name: string | null;
  company: string | null;
  acting_area: string | null;
  user_type: string | null;
  is_inner_employee: boolean | null;
  default_station: string | null;
  register_status: Generated<string>;
  roles: Json<Role[]>;
  permissions: Json<Permission[]>;
  acl_tags: Json<string[]>;
  company_id: string | null;
  allowed_stations: Json<Record<string, true> | 'all'>;
  profile_picture: string | null;
  state: string | null;
  city: string | null;
  phone: string | null;
  phone_verified: Generated<boolean>;
  flags: Json<Record<string, string | number | boolean | null>>;
  interactions: Json<Partial<Record<'advertenceAlertConfirmed' | 'firstVideoContentViewed', string>>>;
  email_verification_sent_at: ColumnType<Date | string | null, string | null, string | null>;
  last_sign_in_at: ColumnType<Date | string | null, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // the manager view (001 §3, issue 14, ADR 0052)
  other_user_type: string | null;
  other_acting_area: string | null;
  sales_team: string | null;
  dn: string | null;
  regional: string | null;
  position: string | null;
  responsible: string | null;
  /** the reference item of the groups list ("group" is an SQL keyword) */
  user_group: string | null;
  region: string | null;
  expert_state: string | null;
  theme: string | null;
  sub_theme: string | null;
  business_region: string | null;
  business_unit: string | null;
  /** false from UserPreRegistered until UserRegistered */
  has_account: Generated<boolean>;
  active: Generated<boolean>;
  invited_at: NullableTimestamp;
  /** the last sign-in, session refresh or learning activity */
  last_active_at: NullableTimestamp;
  /** the first learning progress (null: never started) */
  first_activity_at: NullableTimestamp;
  /** foldText(name): lower case, accents removed ('' without a name) */
  name_folded: Generated<string>;
  /** name_folded and the e-mail: what free text searches (trigram index) */
  search_text: GeneratedAlways<string>;
  /** sort key of "name": the folded name, or the e-mail for a nameless user */
  name_sort: GeneratedAlways<string>;
  /** sort key of "lastActiveAt": never active is -infinity */
  last_active_sort: GeneratedAlways<Date | string>;
}

export interface SessionsTable {
  session_id: string;
  user_id: string;
  started_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | string | null, string | null, string | null>;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** The users projection's tables (its own schema; queries and the projector use this type). */
export interface UsersDB {
  users: UsersTable;
  sessions: SessionsTable;
}

export async function migrateUsers(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('users')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lang', 'text')
    .addColumn('country', 'text')
    .addColumn('ref', 'text')
    .addColumn('name', 'text')
    .addColumn('company', 'text')
    .addColumn('acting_area', 'text')
    .addColumn('user_type', 'text')
    .addColumn('is_inner_employee', 'boolean')
    .addColumn('default_station', 'text')
    .addColumn('register_status', 'text', (c) => c.notNull().defaultTo('None'))
    .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'["learner"]'::jsonb`))
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('acl_tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('company_id', 'text')
    .addColumn('allowed_stations', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('profile_picture', 'text')
    .addColumn('state', 'text')
    .addColumn('city', 'text')
    .addColumn('phone', 'text')
    .addColumn('phone_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('flags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('interactions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('email_verification_sent_at', 'timestamptz')
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('other_user_type', 'text')
    .addColumn('other_acting_area', 'text')
    .addColumn('sales_team', 'text')
    .addColumn('dn', 'text')
    .addColumn('regional', 'text')
    .addColumn('position', 'text')
    .addColumn('responsible', 'text')
    .addColumn('user_group', 'text')
    .addColumn('region', 'text')
    .addColumn('expert_state', 'text')
    .addColumn('theme', 'text')
    .addColumn('sub_theme', 'text')
    .addColumn('business_region', 'text')
    .addColumn('business_unit', 'text')
    .addColumn('has_account', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('invited_at', 'timestamptz')
    .addColumn('last_active_at', 'timestamptz')
    .addColumn('first_activity_at', 'timestamptz')
    .addColumn('name_folded', 'text', (c) => c.notNull().defaultTo(''))
    // byte order (collation C): the same order and keyset comparisons on every server and on PGlite
    .addColumn('search_text', sql`text collate "C"`, (c) => c.generatedAlwaysAs(sql`name_folded || ' ' || lower(email)`).stored())
    .addColumn('name_sort', sql`text collate "C"`, (c) => c.generatedAlwaysAs(sql`coalesce(nullif(name_folded, ''), lower(email))`).stored())
    .addColumn('last_active_sort', 'timestamptz', (c) => c.generatedAlwaysAs(sql`coalesce(last_active_at, '-infinity'::timestamptz)`).stored())
    .execute();
  await usersIndexes(db, schema);
  await db.schema
    .withSchema(schema)
    .createTable('sessions')
    .ifNotExists()
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.withSchema(schema).createIndex('sessions_user_idx').ifNotExists().on('sessions').columns(['user_id', 'started_at']).execute();
}

/**
 * The user directory's indexes (ADR 0052): keyset order per sort (all companies, and by company
 * for names), and a trigram GIN index over the folded name and e-mail so `like '%joao%'` stays
 * an index search at 100,000 users. pg_trgm lives in `public` so that dropping a rebuilt schema
 * never drops the extension.
 */
async function usersIndexes(db: Kysely<any>, schema: string): Promise<void> {
  const index = (name: string) => db.schema.withSchema(schema).createIndex(name).ifNotExists().on('users');
  await index('users_email_idx').columns(['email', 'user_id']).execute();
  await index('users_name_idx').columns(['name_sort', 'user_id']).execute();
  await index('users_company_name_idx').columns(['company_id', 'name_sort', 'user_id']).execute();
  await index('users_created_idx').columns(['created_at', 'user_id']).execute();
  await index('users_last_active_idx').columns(['last_active_sort', 'user_id']).execute();
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index if not exists users_search_idx on ${sql.table(`${schema}.users`)} using gin (search_text public.gin_trgm_ops)`.execute(db);
}
