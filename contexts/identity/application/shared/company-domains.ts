import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import { handleCommand } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { companyOfDomain } from '@portal/projection-companies';
import { companyStream, userStream } from '../../contracts/index.js';
import { companyDecider, domainOfEmail, userDecider, type UserState } from '../../domain/index.js';
import { ownerOfEmail } from './email-claims.js';

/** A pre-registered address: its claim names a user stream that starts with UserPreRegistered (ADR 0050). */
export async function isPreRegistered(store: EventStore, email: string): Promise<boolean> {
  const owner = await ownerOfEmail(store, email);
  if (!owner) return false;
  const [first] = await store.readStream(userStream(owner), { limit: 1 });
  return first?.type === 'UserPreRegistered';
}

/**
 * Invitation-only (ADR 0051): registering with an address of an invitation-only company's domain
 * that no manager pre-registered is refused with app/invalid-whitelist-email. The company
 * decider's AdmitRegistration decides it, once, through the decider runner on the company's
 * stream (ADR 0087); it appends nothing. The read model only finds the company of the domain
 * (and skips the stream of one it shows as open to all); the rule is the decider's.
 */
export async function admitRegistration(store: EventStore, projections: ProjectionRuntime, email: string, context: AppendContext): Promise<void> {
  const company = await companyOfDomain(projections.reader('companies'), domainOfEmail(email));
  if (!company?.invitationOnly) return;
  const preRegistered = await isPreRegistered(store, email);
  await handleCommand(store, companyStream(company.companyId), companyDecider, { type: 'AdmitRegistration', data: { email, preRegistered } }, context);
}

/**
 * Domain joining (ADR 0051): after a verification, a user without a company whose address is in
 * a company's domain joins it (AccessChanged by system:domain). Returns the state after and the
 * position of the change (null when nothing changed).
 */
export async function joinCompanyByDomain(
  store: EventStore,
  projections: ProjectionRuntime,
  userId: string,
  email: string,
  now: Date,
  context: AppendContext,
): Promise<{ state: UserState | null; checkpoint: Checkpoint | null }> {
  const company = await companyOfDomain(projections.reader('companies'), domainOfEmail(email));
  if (!company) return { state: null, checkpoint: null };
  const { state, result } = await handleCommand(
    store,
    userStream(userId),
    userDecider,
    { type: 'JoinCompanyByDomain', data: { company: { companyId: company.companyId, domains: company.domains }, now: now.toISOString() } },
    context,
  );
  return { state, checkpoint: result?.checkpoint ?? null };
}
