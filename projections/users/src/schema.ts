import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { Permission, Role } from '@portal/kernel';

/** A timestamptz column: written as an ISO string, read as a Date (pg) or a string (PGlite). */
type Timestamp = ColumnType<Date | string, string, string>;
/** A jsonb column with a default: written as JSON text (or an SQL expression giving jsonb), read parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;

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
    .execute();
  await db.schema.withSchema(schema).createIndex('users_email_idx').ifNotExists().on('users').column('email').execute();
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
