import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, type AppConfig, type CommandOutcome } from '@portal/platform';
import type { ManagedUserWriteResponse } from '../../contracts/index.js';
import { decideOnManagedUser, grantingActor, INVITATION_COOLDOWN_MS, mailInvitation, newInvitation, writeResponse } from '../shared/managed-users.js';
import { SendInvitationCommand } from './send-invitation.command.js';

/** Mails a pre-registered user a new invitation (at most one a minute); earlier links keep working until they expire. */
@CommandHandler(SendInvitationCommand)
export class SendInvitationHandler implements ICommandHandler<SendInvitationCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, userId, lang, context }: SendInvitationCommand): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    const invitation = newInvitation(this.config, this.clock, userId);
    const { state, checkpoint } = await decideOnManagedUser(
      this.store,
      userId,
      {
        type: 'SendInvitation',
        data: { actor: grantingActor(principal), codeHash: invitation.codeHash, expiresAt: invitation.expiresAt, cooldownMs: INVITATION_COOLDOWN_MS, now: this.clock.now().toISOString() },
      },
      context,
    );
    if (state.status === 'preRegistered') await mailInvitation({ store: this.store, mailer: this.mailer, config: this.config }, state, invitation.token, lang);
    return { value: writeResponse(state, { invitationSent: true }), checkpoint };
  }
}
