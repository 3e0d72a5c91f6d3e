import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { RevocationKey } from '@portal/platform';

/** A timestamptz column: written as an ISO string, read as a Date (pg) or a string (PGlite). */
type Timestamp<N extends null = never> = ColumnType<Date | string | N, string | N, string | N>;
/** A bigint column: written as a decimal string, read as the driver gives it (string or bigint). */
type BigIntColumn = ColumnType<unknown, string, string>;

export interface RevocationsTable {
  /** `session:<sessionId>` or `user:<userId>` */
  key: RevocationKey;
  user_id: string;
  not_before: Timestamp<null>;
  revoked_at: Timestamp;
  reason: string;
  transaction_id: BigIntColumn;
  position: BigIntColumn;
}

/** The revocations projection's one table (its own schema). */
export interface RevocationsDB {
  revocations: RevocationsTable;
}

export type RevocationRow = Selectable<RevocationsTable>;

export async function migrateRevocations(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('revocations')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('not_before', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.withSchema(schema).createIndex('revocations_checkpoint_idx').ifNotExists().on('revocations').columns(['transaction_id', 'position']).execute();
  await db.schema.withSchema(schema).createIndex('revocations_revoked_at_idx').ifNotExists().on('revocations').column('revoked_at').execute();
}
