import { sql, type Transaction } from 'kysely';
import type { RevocationKey } from '@portal/platform';
import { defineProjection } from '@portal/projections-runtime';
import { identityEvents } from '@portal/identity/contracts';
import { migrateRevocations, type RevocationsDB } from './schema.js';

/**
 * Rows are kept this long after their revocation: longer than the longest access-token lifetime
 * the configuration allows (ACCESS_TOKEN_TTL at most one day), so every instance finds what can
 * still refuse a token. Pruned by event time, not the clock, so a rebuild gives the same rows
 * (unless events were recorded out of time order by more than the retention).
 */
export const REVOCATION_RETENTION_MS = 2 * 86_400_000;

/**
 * The access tokens to refuse before they expire (ADR 0031): one row per key, `session:<id>` for
 * a revoked session, `user:<id>` for the user's tokens issued up to `not_before` (a password
 * reset, a deactivation, a change of access: ADR 0050). Each row carries
 * the checkpoint of the event that wrote it, so every API instance reads only what is new.
 */
export const revocationsProjection = defineProjection({
  name: 'revocations',
  version: 2,
  events: identityEvents,
  eventTypes: ['SessionRevoked', 'PasswordChanged', 'UserDeactivated', 'AccessChanged'],
  migrate: migrateRevocations,
  async apply(trx: Transaction<RevocationsDB>, schema, events) {
    const t = trx.withSchema(schema);
    let newest: string | null = null;
    for (const event of events) {
      let row: { key: RevocationKey; user_id: string; not_before: string | null; revoked_at: string; reason: string };
      if (event.type === 'SessionRevoked') {
        row = { key: `session:${event.data.sessionId}`, user_id: event.data.userId, not_before: null, revoked_at: event.data.revokedAt, reason: event.data.reason };
      } else if (event.type === 'PasswordChanged') {
        // a reset signs every device out; a password changed while signed in would keep the session
        if (event.data.via !== 'reset') continue;
        row = { key: `user:${event.data.userId}`, user_id: event.data.userId, not_before: event.data.changedAt, revoked_at: event.data.changedAt, reason: 'password-changed' };
      } else if (event.type === 'UserDeactivated') {
        // a deactivated user's tokens all stop; after a reactivation new ones are issued later (ADR 0050)
        row = { key: `user:${event.data.userId}`, user_id: event.data.userId, not_before: event.data.deactivatedAt, revoked_at: event.data.deactivatedAt, reason: 'user-deactivated' };
      } else if (event.type === 'AccessChanged') {
        // tokens carry the access: the old ones stop, the next refresh carries the new access
        row = { key: `user:${event.data.userId}`, user_id: event.data.userId, not_before: event.data.changedAt, revoked_at: event.data.changedAt, reason: 'access-changed' };
      } else {
        continue;
      }
      const checkpoint = { transaction_id: event.checkpoint.transactionId.toString(), position: event.checkpoint.position.toString() };
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
});
