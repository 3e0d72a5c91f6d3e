import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Principal } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { AskExpertRequest } from '../../contracts/index.js';

export class AskExpertCommand extends Command<CommandOutcome<{ questionId: string; askedAt: string }>> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly input: AskExpertRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
