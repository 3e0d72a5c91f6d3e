import type { AppendContext, EventStore } from '@portal/eventstore';
import type { Principal } from '@portal/kernel';
import type { Kysely } from 'kysely';
import { handleCommand, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { PrivacyRequestRow, PrivacyRequestsDB } from '@portal/projection-privacy-requests';
import { privacyRequestScope, privacyStream, type ManagerScope, type PrivacyRequestKind, type PrivacyRequestStatus } from '../../contracts/index.js';
import { privacyDecider, type PrivacyCommand, type PrivacyState } from '../../domain/index.js';

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** Whose privacy requests an operator sees and acts on (the contracts' rule, the SPA's too); `none` answers 403. */
export const privacyScope = (p: Pick<UserPrincipal, 'roles' | 'permissions' | 'companyId'>): ManagerScope => privacyRequestScope(p);

/** One decision on a subject's privacy stream. */
export async function decideOnPrivacy(store: EventStore, userId: string, command: PrivacyCommand, context: AppendContext): Promise<CommandOutcome<PrivacyState> & { changed: boolean }> {
  const { events, state, result } = await handleCommand(store, privacyStream(userId), privacyDecider, command, context);
  return { value: state, checkpoint: result?.checkpoint ?? null, changed: events.length > 0 };
}

export const privacyReader = (projections: ProjectionRuntime) => projections.reader('privacy-requests') as Kysely<PrivacyRequestsDB>;
export const PRIVACY_READ_MODEL = 'privacy-requests';

/** A projected request's fields as every list answers them (the manager's and the auditor's). */
export const requestFieldsOf = (r: PrivacyRequestRow) => ({
  requestId: r.request_id,
  kind: (r.kind === 'export' ? 'export' : 'deletion') as PrivacyRequestKind,
  status: r.status as PrivacyRequestStatus,
  requestedAt: r.requested_at,
  dueAt: r.due_at,
  eraseAfter: r.erase_after,
  honouredAt: r.honoured_at,
  canceledAt: r.canceled_at,
  canceledReason: (r.canceled_reason ?? null) as 'signed-in' | 'subject' | 'operator' | null,
  userId: r.user_id,
});
