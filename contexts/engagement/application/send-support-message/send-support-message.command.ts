import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { Principal } from '@portal/kernel';
import type { SupportMessageRequest } from '../../contracts/index.js';

export class SendSupportMessageCommand extends Command<CommandOutcome<{ messageId: string; sentAt: string }>> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly input: SupportMessageRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
