import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ManagedUserWriteResponse } from '../../contracts/index.js';

export class DeactivateUserCommand extends Command<CommandOutcome<ManagedUserWriteResponse>> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly userId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
