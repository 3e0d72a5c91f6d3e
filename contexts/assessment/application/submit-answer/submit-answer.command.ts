import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { AnswerRequest, AnswerResult } from '../../contracts/index.js';

export class SubmitAnswerCommand extends Command<CommandOutcome<AnswerResult>> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly input: AnswerRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
