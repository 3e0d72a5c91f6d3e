import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { Consent, ConsentState } from '../../../contracts/index.js';

/** Give or withdraw a consent, naming the text version the subject was shown. */
export class SetConsentCommand extends Command<CommandOutcome<ConsentState>> {
  constructor(
    readonly userId: string,
    readonly consent: Consent,
    readonly given: boolean,
    readonly textVersion: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
