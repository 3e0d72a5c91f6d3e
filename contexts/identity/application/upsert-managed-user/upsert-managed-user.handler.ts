import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, loadState, type AppConfig, type CommandOutcome } from '@portal/platform';
import { managedUserDetailsSchema, userStream, type ManagedUserDetails, type ManagedUserUpsert, type ManagedUserWriteResponse } from '../../contracts/index.js';
import { accessOf, emailTakenError, managerScope, userDecider, type GrantingActor, type UserAccess, type UserCommand } from '../../domain/index.js';
import { claimEmail, ownerOfEmail, releaseAbandonedClaim } from '../shared/email-claims.js';
import { companyNameOf, decideOnManagedUser, grantingActor, mailInvitation, newInvitation, writeResponse } from '../shared/managed-users.js';
import { SessionService } from '../shared/session-service.js';
import { UpsertManagedUserCommand } from './upsert-managed-user.command.js';

const DETAIL_KEYS = Object.keys(managedUserDetailsSchema.shape) as (keyof ManagedUserDetails)[];
const ACCESS_KEYS = ['roles', 'permissions', 'aclTags', 'companyId', 'allowedStations'] as const;

/** The manager-view fields the request names (absent: left as they are). */
const detailsOf = (input: ManagedUserUpsert): ManagedUserDetails =>
  Object.fromEntries(DETAIL_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])) as ManagedUserDetails;

/**
 * Without id: pre-registers a user (ADR 0050). The whole decision is taken on the empty stream
 * first (scope, access policy), the company is checked, then the address is claimed for the new
 * user (the register-user way: claim stream first, released again if the user's append fails),
 * and the invitation is mailed. With id: the details and the access change in scope; both
 * decisions are taken on the loaded state before either is appended, so a refused access change
 * leaves the details as they were. A change of access refuses the user's older access tokens, so
 * their next refresh carries the new access.
 */
@CommandHandler(UpsertManagedUserCommand)
export class UpsertManagedUserHandler implements ICommandHandler<UpsertManagedUserCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  execute({ principal, input, context }: UpsertManagedUserCommand): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    const actor = grantingActor(principal);
    return input.id ? this.update(actor, input.id, input, context) : this.create(actor, input, principal.country, context);
  }

  private async create(actor: GrantingActor, input: ManagedUserUpsert, managerCountry: string | null, context: AppendContext): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    const scope = managerScope(actor);
    if (scope.kind === 'none') throw new AppError('403');
    const email = input.email!;
    const userId = newId();
    const at = this.clock.now();
    const access: UserAccess = {
      roles: input.roles ?? ['learner'],
      permissions: input.permissions ?? [],
      aclTags: input.aclTags ?? [],
      companyId: input.companyId !== undefined ? input.companyId : scope.kind === 'company' ? scope.companyId : actor.companyId,
      allowedStations: input.allowedStations ?? {},
    };
    const details = detailsOf(input);
    if (details.country === undefined && managerCountry) details.country = managerCountry;
    const invitation = input.sendInvitation === false ? null : newInvitation(this.config, this.clock, userId);
    const command: UserCommand = {
      type: 'PreRegisterUser',
      data: { actor, userId, email, details, access, invitation: invitation && { codeHash: invitation.codeHash, expiresAt: invitation.expiresAt }, now: at.toISOString() },
    };
    userDecider.decide(command, userDecider.initial());
    if (access.companyId) await companyNameOf(this.store, access.companyId);
    await claimEmail(this.store, email, userId, at, context).catch(async (error: unknown) => {
      throw error instanceof AppError && error.code === 'email-already-in-use' ? await this.inUse(email, access.companyId) : error;
    });
    let outcome;
    try {
      outcome = await decideOnManagedUser(this.store, userId, command, context);
    } catch (error) {
      await releaseAbandonedClaim(this.store, email, at, context, { reason: 'failed', owner: userId }).catch(() => undefined);
      throw error;
    }
    if (invitation) await mailInvitation({ store: this.store, mailer: this.mailer, config: this.config }, { email, details, access }, invitation.token, input.lang ?? null);
    return { value: writeResponse(outcome.state, { created: true, invitationSent: invitation !== null }), checkpoint: outcome.checkpoint };
  }

  /** email-already-in-use when an account (or this company's pre-registration) has the address; company-email-already-in-use when another company pre-registered it. */
  private async inUse(email: string, companyId: string | null): Promise<AppError> {
    const owner = await ownerOfEmail(this.store, email);
    const state = owner ? (await loadState(this.store, userStream(owner), userDecider)).state : userDecider.initial();
    return emailTakenError(state, companyId);
  }

  private async update(actor: GrantingActor, userId: string, input: ManagedUserUpsert, context: AppendContext): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    const at = this.clock.now();
    const now = at.toISOString();
    const { state } = await loadState(this.store, userStream(userId), userDecider);
    const detailsCommand: UserCommand = { type: 'ChangeUserDetails', data: { actor, details: detailsOf(input), now } };
    // scope first: an unknown or out-of-scope id is 404 before anything about it is said
    userDecider.decide(detailsCommand, state);
    if (state.status !== 'registered' && state.status !== 'preRegistered') throw new AppError('404');
    if (input.email !== undefined && input.email !== state.email.toLowerCase()) {
      throw new AppError('app/bed-request', 'A manager cannot change the e-mail address', [{ path: 'email', message: 'readOnly' }]);
    }
    const before = accessOf(state);
    const namesAccess = ACCESS_KEYS.some((k) => input[k] !== undefined);
    const access: UserAccess = {
      roles: input.roles ?? before.roles,
      permissions: input.permissions ?? before.permissions,
      aclTags: input.aclTags ?? before.aclTags,
      companyId: input.companyId !== undefined ? input.companyId : before.companyId,
      allowedStations: input.allowedStations ?? before.allowedStations,
    };
    const accessCommand: UserCommand = { type: 'ChangeAccess', data: { actor, access, now } };
    if (namesAccess) {
      userDecider.decide(accessCommand, state);
      if (access.companyId && access.companyId !== before.companyId) await companyNameOf(this.store, access.companyId);
    }
    let outcome = await decideOnManagedUser(this.store, userId, detailsCommand, context);
    let checkpoint: Checkpoint | null = outcome.checkpoint;
    if (namesAccess) {
      const details = outcome;
      outcome = await decideOnManagedUser(this.store, userId, accessCommand, context);
      checkpoint = outcome.checkpoint ?? details.checkpoint;
      if (outcome.changed && outcome.state.status === 'registered') this.sessions.refuseUserTokens(userId, at);
    }
    return { value: writeResponse(outcome.state), checkpoint };
  }
}
