import type { Transaction } from 'kysely';
import { defineProjection, ERASED_SQL } from '@portal/projections-runtime';
import { privacyEvents, type PrivacyEvent } from '@portal/identity/contracts';
import { migratePrivacyRequests, type PrivacyRequestsDB } from './schema.js';

/** The privacy events the request list reads (consents stay in the subject's own stream). */
export const PRIVACY_REQUEST_TYPES = [
  'DataExportRequested',
  'DataExportPrepared',
  'AccountDeletionRequested',
  'AccountDeletionCanceled',
  'AccountErasureStarted',
  'AccountErased',
  'LegalHoldPlaced',
  'LegalHoldLifted',
] as const satisfies readonly PrivacyEvent['type'][];

/**
 * Privacy requests and legal holds (ADR 0092): the manager area's and the auditor's lists, the
 * dashboard's near-deadline count, and the background job's due work. Idempotent writes (inserts
 * on conflict do nothing, updates set a status the event names). Owner: identity.
 */
export const privacyRequestsProjection = defineProjection({
  name: 'privacy-requests',
  version: 1,
  events: privacyEvents,
  eventTypes: PRIVACY_REQUEST_TYPES,
  // ADR 0091: a hold's reason may name the subject; the requests themselves hold ids and dates only
  personalData: [{ table: 'privacy_holds', subject: 'user_id', set: { reason: ERASED_SQL } }],
  migrate: migratePrivacyRequests,
  async apply(trx: Transaction<PrivacyRequestsDB>, schema, events) {
    const db = trx.withSchema(schema);
    for (const event of events) {
      switch (event.type) {
        case 'DataExportRequested':
        case 'AccountDeletionRequested': {
          const d = event.data;
          await db
            .insertInto('privacy_requests')
            .values({
              request_id: d.requestId,
              kind: event.type === 'DataExportRequested' ? 'export' : 'deletion',
              user_id: d.userId,
              company_id: d.companyId,
              requested_by: d.by,
              requested_at: d.requestedAt,
              due_at: d.dueAt,
              erase_after: event.type === 'AccountDeletionRequested' ? event.data.eraseAfter : null,
              status: 'pending',
              honoured_at: null,
              proof: null,
              canceled_at: null,
              canceled_reason: null,
              expires_at: null,
            })
            .onConflict((oc) => oc.column('request_id').doNothing())
            .execute();
          break;
        }
        case 'DataExportPrepared':
          await db
            .updateTable('privacy_requests')
            .set({ status: 'honoured', honoured_at: event.data.preparedAt, proof: `sha256:${event.data.sha256}`, expires_at: event.data.expiresAt })
            .where('request_id', '=', event.data.requestId)
            .execute();
          break;
        case 'AccountDeletionCanceled':
          await db
            .updateTable('privacy_requests')
            .set({ status: 'canceled', canceled_at: event.data.canceledAt, canceled_reason: event.data.reason })
            .where('request_id', '=', event.data.requestId)
            .execute();
          break;
        case 'AccountErasureStarted':
          await db.updateTable('privacy_requests').set({ status: 'erasing' }).where('request_id', '=', event.data.requestId).where('status', '=', 'pending').execute();
          break;
        case 'AccountErased':
          await db.updateTable('privacy_requests').set({ status: 'honoured', honoured_at: event.data.erasedAt, proof: event.data.proof }).where('request_id', '=', event.data.requestId).execute();
          break;
        case 'LegalHoldPlaced':
          await db
            .insertInto('privacy_holds')
            .values({ hold_id: event.data.holdId, user_id: event.data.userId, reason: event.data.reason, placed_by: event.data.by, placed_at: event.data.placedAt, lifted_at: null })
            .onConflict((oc) => oc.column('hold_id').doNothing())
            .execute();
          break;
        case 'LegalHoldLifted':
          await db.updateTable('privacy_holds').set({ lifted_at: event.data.liftedAt }).where('hold_id', '=', event.data.holdId).execute();
          break;
        default:
          break;
      }
    }
  },
});
