import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class DeleteManagedUserCommand extends Command<CommandOutcome<void>> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly userId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
