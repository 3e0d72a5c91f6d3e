import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { expertQuestionStream } from '../../contracts/index.js';
import { expertQuestionDecider } from '../../domain/index.js';
import { expertThemesOf } from '../shared/expert-access.js';
import { readIdentityUser } from '../shared/identity-reads.js';
import { ClaimExpertQuestionCommand } from './claim-expert-question.command.js';

/** An expert of the question's theme takes it; the queue shows who is answering. */
@CommandHandler(ClaimExpertQuestionCommand)
export class ClaimExpertQuestionHandler implements ICommandHandler<ClaimExpertQuestionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ expertId, questionId, context }: ClaimExpertQuestionCommand): Promise<CommandOutcome<void>> {
    const [expertThemeIds, expert] = await Promise.all([expertThemesOf(this.store, expertId), readIdentityUser(this.store, expertId)]);
    const { result } = await handleCommand(
      this.store,
      expertQuestionStream(questionId),
      expertQuestionDecider,
      { type: 'ClaimExpertQuestion', data: { questionId, expertId, expertName: expert.displayName, expertThemeIds, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: undefined, checkpoint: result?.checkpoint ?? null };
  }
}
