import type { ColumnType, Kysely } from 'kysely';

/** A bigint column: written as a decimal string, read as the driver gives it (string or bigint). */
type BigIntColumn = ColumnType<unknown, string, string>;

/**
 * One change a user made to someone else's record (ADR 0050, "The auditor's history"): the event's
 * place in the log, so the auditor's read fetches the stored event itself, with its hash.
 */
export interface UserActionsTable {
  /** the event's `by`: the acting user */
  actor_id: string;
  /** the event's global position (the log's order; unique) */
  position: BigIntColumn;
  stream_id: string;
  revision: BigIntColumn;
  type: string;
}

/** The user-actions projection's one table (its own schema). */
export interface UserActionsDB {
  user_actions: UserActionsTable;
}

export async function migrateUserActions(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('user_actions')
    .ifNotExists()
    .addColumn('position', 'bigint', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .execute();
  await db.schema.withSchema(schema).createIndex('user_actions_actor_idx').ifNotExists().on('user_actions').columns(['actor_id', 'position']).execute();
}
