import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { expertQuestionStream, type AnswerExpertResponse } from '../../contracts/index.js';
import { expertQuestionDecider } from '../../domain/index.js';
import { expertThemesOf } from '../shared/expert-access.js';
import { ExpertNotices } from '../shared/expert-notices.js';
import { readIdentityUser } from '../shared/identity-reads.js';
import { AnswerExpertQuestionCommand } from './answer-expert-question.command.js';

/**
 * An expert of the question's theme answers it, once (the expert's themes come from their expert
 * stream, their name from identity's user stream). The learner hears of it in the learner area
 * and by mail (ExpertNotices).
 */
@CommandHandler(AnswerExpertQuestionCommand)
export class AnswerExpertQuestionHandler implements ICommandHandler<AnswerExpertQuestionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ExpertNotices) private readonly notices: ExpertNotices,
  ) {}

  async execute({ expertId, questionId, response, context }: AnswerExpertQuestionCommand): Promise<CommandOutcome<AnswerExpertResponse>> {
    const [expertThemeIds, expert] = await Promise.all([expertThemesOf(this.store, expertId), readIdentityUser(this.store, expertId)]);
    const now = this.clock.now().toISOString();
    const { events, state, result } = await handleCommand(
      this.store,
      expertQuestionStream(questionId),
      expertQuestionDecider,
      { type: 'AnswerExpertQuestion', data: { questionId, expertId, expertName: expert.displayName, expertThemeIds, response, now } },
      context,
    );
    const answered = events.find((e) => e.type === 'ExpertQuestionAnswered');
    if (answered && state.status !== 'none') this.notices.answered(state, answered, result?.checkpoint ?? null);
    return { value: { questionId, answeredAt: now, answeredByName: expert.displayName }, checkpoint: result?.checkpoint ?? null };
  }
}
