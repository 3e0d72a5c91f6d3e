import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ManagedUserUpsert, ManagedUserWriteResponse } from '../../contracts/index.js';

export class UpsertManagedUserCommand extends Command<CommandOutcome<ManagedUserWriteResponse>> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly input: ManagedUserUpsert,
    readonly context: AppendContext,
  ) {
    super();
  }
}
