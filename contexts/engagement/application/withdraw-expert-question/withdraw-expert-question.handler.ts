import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { expertQuestionStream } from '../../contracts/index.js';
import { expertQuestionDecider } from '../../domain/index.js';
import { WithdrawExpertQuestionCommand } from './withdraw-expert-question.command.js';

/** The learner takes back an unanswered question; another learner's question answers 404. */
@CommandHandler(WithdrawExpertQuestionCommand)
export class WithdrawExpertQuestionHandler implements ICommandHandler<WithdrawExpertQuestionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, questionId, context }: WithdrawExpertQuestionCommand): Promise<CommandOutcome<void>> {
    const { result } = await handleCommand(
      this.store,
      expertQuestionStream(questionId),
      expertQuestionDecider,
      { type: 'WithdrawExpertQuestion', data: { questionId, userId, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: undefined, checkpoint: result?.checkpoint ?? null };
  }
}
