import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { AnswerExpertResponse } from '../../contracts/index.js';

export class AnswerExpertQuestionCommand extends Command<CommandOutcome<AnswerExpertResponse>> {
  constructor(
    readonly expertId: string,
    readonly questionId: string,
    readonly response: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
