import { AppError, DEFAULT_LOCALE, type Clock, type Locale, type Principal } from '@portal/kernel';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { handleCommand, loadState, type AppConfig } from '@portal/platform';
import { companyStream, userStream, type ManagedUserWriteResponse } from '../../contracts/index.js';
import { companyDecider, userDecider, type GrantingActor, type PreRegisteredUser, type UserCommand, type UserState } from '../../domain/index.js';
import { invitationTokenFor } from './codes.js';
import { invitationUrl, renderMail } from './mail-templates.js';

/** An invitation opens the registration screen for two weeks (ADR 0050). */
export const INVITATION_TTL_MS = 14 * 86_400_000;
/** At most one invitation mail a minute per user. */
export const INVITATION_COOLDOWN_MS = 60_000;

/** The signed-in manager as the domain's access policy sees them. */
export const grantingActor = (principal: Extract<Principal, { kind: 'user' }>): GrantingActor => ({
  userId: principal.userId,
  roles: principal.roles,
  permissions: principal.permissions,
  companyId: principal.companyId,
  aclTags: principal.aclTags,
});

/** Runs one manager command on a user's stream (the decider judges scope and access). */
export async function decideOnManagedUser(
  store: EventStore,
  userId: string,
  command: UserCommand,
  context: AppendContext,
): Promise<{ state: UserState; checkpoint: Checkpoint | null; changed: boolean }> {
  const { events, state, result } = await handleCommand(store, userStream(userId), userDecider, command, context);
  return { state, checkpoint: result?.checkpoint ?? null, changed: events.length > 0 };
}

/** The company's name; company-invalid when no such company exists (read with the company decider). */
export async function companyNameOf(store: EventStore, companyId: string): Promise<string> {
  const { state } = await loadState(store, companyStream(companyId), companyDecider);
  if (state.status !== 'registered') throw new AppError('company-invalid', 'The company does not exist', [{ path: 'companyId', message: 'company-invalid' }]);
  return state.name;
}

/** What a write answers about the user it touched. */
export function writeResponse(state: UserState, options: { created?: boolean; invitationSent?: boolean } = {}): ManagedUserWriteResponse {
  if (state.status !== 'registered' && state.status !== 'preRegistered') throw new AppError('404');
  return {
    id: state.userId,
    created: options.created ?? false,
    hasAccount: state.status === 'registered',
    active: state.status === 'registered' ? state.active : true,
    invitationSent: options.invitationSent ?? false,
  };
}

/** A fresh invitation token for a pre-registered user, and when it expires. */
export function newInvitation(config: AppConfig, clock: Clock, userId: string): { token: string; codeHash: string; expiresAt: string } {
  const expiresAt = new Date(clock.now().getTime() + INVITATION_TTL_MS);
  const { token, codeHash } = invitationTokenFor(config.jwtSecret, userId, expiresAt);
  // the token carries whole seconds: the recorded expiry is the one it says
  return { token, codeHash, expiresAt: new Date(Math.ceil(expiresAt.getTime() / 1000) * 1000).toISOString() };
}

/** Mails the invitation (three locales) with the registration link carrying the token. */
export async function mailInvitation(
  deps: { store: EventStore; mailer: Mailer; config: AppConfig },
  user: Pick<PreRegisteredUser, 'email' | 'details' | 'access'>,
  token: string,
  lang: Locale | null,
): Promise<void> {
  const locale = lang ?? DEFAULT_LOCALE;
  const company = user.access.companyId ? await companyNameOf(deps.store, user.access.companyId).catch(() => null) : null;
  const mail = renderMail('invitation', locale, {
    link: invitationUrl(deps.config.publicUrl, token, locale),
    email: user.email,
    days: INVITATION_TTL_MS / 86_400_000,
    name: user.details.name ?? null,
    company,
    product: deps.config.productName,
  });
  await deps.mailer.send({ to: user.email, ...mail, category: 'invitation', locale });
}
