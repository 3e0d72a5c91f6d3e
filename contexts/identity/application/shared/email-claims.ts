import { AppError } from '@portal/kernel';
import { type AppendContext, type AppendResult, type EventStore } from '@portal/eventstore';
import { handleCommand, loadState, StreamWriter, type Folded } from '@portal/platform';
import { emailStream, userStream } from '../../contracts/index.js';
import { emailClaimDecider, userDecider, type EmailClaimState } from '../../domain/index.js';
import { emailKey } from './email-key.js';

/**
 * A claim whose owner has recorded no account after this long is abandoned (the process stopped
 * between the claim and the account, ADR 0005). Registration takes one password hash and two
 * appends, well under a second; the bound only spares a slow registration a needless failure:
 * safety does not depend on it (the abandoned user stream is closed before the claim moves).
 */
export const ABANDONED_CLAIM_AFTER_MS = 5 * 60_000;

/** An address's claim as stored: its owner (or none) and the stream's revision. */
export async function claimOfEmail(store: EventStore, email: string): Promise<Folded<EmailClaimState>> {
  return new StreamWriter(store, emailClaimDecider).load(emailStream(emailKey(email)));
}

/** The user id that holds an e-mail address (read from its claim stream), or null. */
export async function ownerOfEmail(store: EventStore, email: string): Promise<string | null> {
  return (await claimOfEmail(store, email)).state.owner ?? null;
}

/**
 * Claims an address for a user. An address held by a claim with no account behind it, older than
 * ABANDONED_CLAIM_AFTER_MS, is released first; otherwise another owner is email-already-in-use.
 * `known`: the claim as the caller has just read it (claimOfEmail), decided on without reading it
 * again; the append still names its revision.
 */
export async function claimEmail(store: EventStore, email: string, userId: string, now: Date, context: AppendContext, known?: Folded<EmailClaimState>): Promise<AppendResult | null> {
  const claim = (first: boolean) =>
    handleCommand(store, emailStream(emailKey(email)), emailClaimDecider, { type: 'ClaimEmail', data: { email, userId, now: now.toISOString() } }, context, first && known ? { known } : {});
  try {
    return (await claim(true)).result;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'email-already-in-use')) throw error;
    if (!(await releaseAbandonedClaim(store, email, now, context, { reason: 'stale' }))) throw error;
    return (await claim(false)).result;
  }
}

/**
 * Releases the address if its owner has no account (nor a pre-registration): first closes the owner's user stream with
 * RegistrationAbandoned (an append that only succeeds while the stream is empty, so it and a
 * late UserRegistered exclude each other), then EmailReleased. Returns false when the owner has
 * an account (or `owner` is given and the claim belongs to someone else). A 'stale' release of a
 * claim younger than the bound throws email-already-in-use. Re-running after a stop in between
 * finishes the release (the stream is already closed).
 */
export async function releaseAbandonedClaim(
  store: EventStore,
  email: string,
  now: Date,
  context: AppendContext,
  options: { reason: 'failed' | 'stale'; owner?: string },
): Promise<boolean> {
  const stream = emailStream(emailKey(email));
  const { state: claim } = await loadState(store, stream, emailClaimDecider);
  if (!claim.owner) return true;
  if (options.owner && claim.owner !== options.owner) return false;
  const owner = claim.owner;
  // a concurrent append to the stream (the account, another release) makes handleCommand decide
  // again on what is there: registered gives nothing and says so, abandoned gives nothing
  const { state: user } = await handleCommand(
    store,
    userStream(owner),
    userDecider,
    {
      type: 'AbandonRegistration',
      data: { userId: owner, email, reason: options.reason, claimedAt: claim.claimedAt, staleAfterMs: ABANDONED_CLAIM_AFTER_MS, now: now.toISOString() },
    },
    { ...context, actor: 'system' },
  );
  // a deleted pre-registration (ADR 0050) whose release did not happen gives the address back too
  if (user.status !== 'abandoned' && user.status !== 'deleted') return false;
  await handleCommand(store, stream, emailClaimDecider, { type: 'ReleaseEmail', data: { email, userId: owner, now: now.toISOString() } }, { ...context, actor: 'system' });
  return true;
}
