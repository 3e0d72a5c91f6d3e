import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import type { ConsentState } from '../../../contracts/index.js';
import { decideOnPrivacy } from '../privacy-record.js';
import { SetConsentCommand } from './set-consent.command.js';

/** ConsentGiven or ConsentWithdrawn (nothing when it already stands so; 400 for a text version not in force). */
@CommandHandler(SetConsentCommand)
export class SetConsentHandler implements ICommandHandler<SetConsentCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, consent, given, textVersion, context }: SetConsentCommand): Promise<CommandOutcome<ConsentState>> {
    const { value: state, checkpoint } = await decideOnPrivacy(this.store, userId, { type: 'SetConsent', data: { userId, consent, given, textVersion, now: this.clock.now().toISOString() } }, context);
    const recorded = state.consents[consent]!;
    return { value: { consent, given: recorded.given, textVersion: recorded.textVersion, at: recorded.at }, checkpoint };
  }
}
