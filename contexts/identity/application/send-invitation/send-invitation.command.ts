import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { Locale, Principal } from '@portal/kernel';
import type { ManagedUserWriteResponse } from '../../contracts/index.js';

export class SendInvitationCommand extends Command<CommandOutcome<ManagedUserWriteResponse>> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly userId: string,
    readonly context: AppendContext,
    readonly lang: Locale | null,
  ) {
    super();
  }
}
