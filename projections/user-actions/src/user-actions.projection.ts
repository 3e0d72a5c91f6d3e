import type { Transaction } from 'kysely';
import { isUuid } from '@portal/kernel';
import { defineProjection } from '@portal/projections-runtime';
import { identityEvents, type IdentityEvent } from '@portal/identity/contracts';
import { migrateUserActions, type UserActionsDB } from './schema.js';

/**
 * The identity events that record who made the change in `by` (issue 14: the manager's writes on
 * users, companies and reference data; ADR 0050, 0051).
 */
export const ACTION_TYPES = [
  'UserPreRegistered',
  'InvitationSent',
  'UserDetailsChanged',
  'AccessChanged',
  'UserDeactivated',
  'UserReactivated',
  'UserDeleted',
  'CompanyRegistered',
  'CompanyUpdated',
  'CompanyDomainsChanged',
  'ReferenceItemSaved',
  'ReferenceItemRetired',
] as const satisfies readonly IdentityEvent['type'][];

/**
 * Which changes each user made (ADR 0050, "The auditor's history"): one row per event whose `by`
 * is a user (the seed's and the domain's `system:<reason>` are not users). The auditor's user
 * history reads it to list what a manager did to other users, companies and reference lists; the
 * events themselves are read from the log. Owner: identity.
 */
export const userActionsProjection = defineProjection({
  name: 'user-actions',
  version: 1,
  events: identityEvents,
  eventTypes: ACTION_TYPES,
  migrate: migrateUserActions,
  async apply(trx: Transaction<UserActionsDB>, schema, events) {
    const rows = events.flatMap((event) => {
      const by = 'by' in event.data ? event.data.by : undefined;
      if (typeof by !== 'string' || !isUuid(by)) return [];
      return [{ actor_id: by, position: event.checkpoint.position.toString(), stream_id: event.streamId, revision: event.revision.toString(), type: event.type }];
    });
    if (rows.length === 0) return;
    await trx.withSchema(schema).insertInto('user_actions').values(rows).onConflict((oc) => oc.column('position').doNothing()).execute();
  },
});
