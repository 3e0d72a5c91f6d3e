import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import type { PasswordChanged, SessionRevoked } from '@portal/identity/contracts';

/**
 * Rows are kept this long after their revocation: longer than the longest access-token lifetime
 * the configuration allows (ACCESS_TOKEN_TTL at most one day), so every instance finds what can
 * still refuse a token. Pruned by event time, not the clock, so a rebuild gives the same rows
 * (unless events were recorded out of time order by more than the retention).
 */
export const REVOCATION_RETENTION_MS = 2 * 86_400_000;

export interface RevocationRow {
  key: string;
  user_id: string;
  not_before: Date | string | null;
  revoked_at: Date | string;
  reason: string;
  transaction_id: unknown;
  position: unknown;
}

/**
 * The access tokens to refuse before they expire (ADR 0031): one row per key, `session:<id>` for
 * a revoked session, `user:<id>` for the user's tokens issued up to `not_before`. Each row carries
 * the checkpoint of the event that wrote it, so every API instance reads only what is new.
 */
export const revocationsProjection: ProjectionDefinition = {
  name: 'revocations',
  version: 1,
  eventTypes: ['SessionRevoked', 'PasswordChanged'],
  async migrate(db: Kysely<any>, schema: string) {
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
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    let newest: string | null = null;
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as SessionRevoked | PasswordChanged;
      let row: Omit<RevocationRow, 'transaction_id' | 'position'>;
      if (event.type === 'SessionRevoked') {
        row = { key: `session:${event.data.sessionId}`, user_id: event.data.userId, not_before: null, revoked_at: event.data.revokedAt, reason: event.data.reason };
      } else if (event.type === 'PasswordChanged') {
        // a reset signs every device out; a password changed while signed in would keep the session
        if (event.data.via !== 'reset') continue;
        row = { key: `user:${event.data.userId}`, user_id: event.data.userId, not_before: event.data.changedAt, revoked_at: event.data.changedAt, reason: 'password-changed' };
      } else {
        continue;
      }
      const checkpoint = { transaction_id: recorded.checkpoint.transactionId.toString(), position: recorded.checkpoint.position.toString() };
      await t
        .insertInto('revocations')
        .values({ ...row, ...checkpoint })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            // a user key moves forward only; a session is revoked once
            not_before: sql`greatest(revocations.not_before, excluded.not_before)`,
            revoked_at: sql`greatest(revocations.revoked_at, excluded.revoked_at)`,
            reason: sql`excluded.reason`,
            transaction_id: sql`excluded.transaction_id`,
            position: sql`excluded.position`,
          }),
        )
        .execute();
      if (newest === null || String(row.revoked_at) > newest) newest = String(row.revoked_at);
    }
    if (newest !== null) {
      await t.deleteFrom('revocations').where('revoked_at', '<', new Date(new Date(newest).getTime() - REVOCATION_RETENTION_MS).toISOString()).execute();
    }
  },
};
