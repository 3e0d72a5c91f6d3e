import type { ColumnType, Kysely } from 'kysely';

/** A timestamptz column: written as an ISO string, read as a Date (pg) or a string (PGlite). */
type Timestamp = ColumnType<Date | string, string, string>;
/** A jsonb column: written as JSON text, read parsed. */
type Json<T> = ColumnType<T, string, string>;

/** A company of 001 §3 with its domains and invitation-only flag. */
export interface CompaniesTable {
  company_id: string;
  name: string;
  /** lowercase, accents folded: what the list's text search matches */
  search_name: string;
  business_code: string;
  phone: string | null;
  contact_email: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  domains: Json<string[]>;
  invitation_only: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Which company holds a domain (one company per domain): domain joining and invitation-only look it up. */
export interface CompanyDomainsTable {
  domain: string;
  company_id: string;
}

/** An item of a reference list (groups, regions, expert themes...), labelled in three locales. */
export interface ReferenceItemsTable {
  list: string;
  item_id: string;
  labels: Json<{ 'pt-BR': string; es: string; en: string }>;
  parent_id: string | null;
  other: boolean;
  retired: boolean;
  /** the order items were first saved in (the seed's order; new items last) */
  position: number;
  updated_at: Timestamp;
}

/** The companies projection's tables (its own schema). */
export interface CompaniesDB {
  companies: CompaniesTable;
  company_domains: CompanyDomainsTable;
  reference_items: ReferenceItemsTable;
}

export async function migrateCompanies(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('companies')
    .ifNotExists()
    .addColumn('company_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search_name', 'text', (c) => c.notNull())
    .addColumn('business_code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('domains', 'jsonb', (c) => c.notNull())
    .addColumn('invitation_only', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.withSchema(schema).createIndex('companies_name_idx').ifNotExists().on('companies').column('search_name').execute();
  await db.schema
    .withSchema(schema)
    .createTable('company_domains')
    .ifNotExists()
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .withSchema(schema)
    .createTable('reference_items')
    .ifNotExists()
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('labels', 'jsonb', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('other', 'boolean', (c) => c.notNull())
    .addColumn('retired', 'boolean', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('reference_items_pk', ['list', 'item_id'])
    .execute();
}
