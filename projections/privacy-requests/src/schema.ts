import type { Kysely } from 'kysely';

/** One access or deletion request of a data subject (ADR 0092). */
export interface PrivacyRequestsTable {
  request_id: string;
  kind: string;
  user_id: string;
  /** the subject's company when they asked: the manager's scope */
  company_id: string | null;
  requested_by: string;
  requested_at: string;
  due_at: string;
  erase_after: string | null;
  status: string;
  honoured_at: string | null;
  /** an export's ZIP sha256, an erasure's SubjectErased proof */
  proof: string | null;
  canceled_at: string | null;
  canceled_reason: string | null;
  expires_at: string | null;
}

export interface PrivacyHoldsTable {
  hold_id: string;
  user_id: string;
  reason: string;
  placed_by: string;
  placed_at: string;
  lifted_at: string | null;
}

export interface PrivacyRequestsDB {
  privacy_requests: PrivacyRequestsTable;
  privacy_holds: PrivacyHoldsTable;
}

export async function migratePrivacyRequests(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('privacy_requests')
    .ifNotExists()
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('erase_after', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('honoured_at', 'text')
    .addColumn('proof', 'text')
    .addColumn('canceled_at', 'text')
    .addColumn('canceled_reason', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.withSchema(schema).createIndex('privacy_requests_status_idx').ifNotExists().on('privacy_requests').columns(['status', 'due_at']).execute();
  await db.schema.withSchema(schema).createIndex('privacy_requests_company_idx').ifNotExists().on('privacy_requests').columns(['company_id', 'requested_at']).execute();
  await db.schema
    .withSchema(schema)
    .createTable('privacy_holds')
    .ifNotExists()
    .addColumn('hold_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('placed_by', 'text', (c) => c.notNull())
    .addColumn('placed_at', 'text', (c) => c.notNull())
    .addColumn('lifted_at', 'text')
    .execute();
  await db.schema.withSchema(schema).createIndex('privacy_holds_user_idx').ifNotExists().on('privacy_holds').columns(['user_id']).execute();
}
