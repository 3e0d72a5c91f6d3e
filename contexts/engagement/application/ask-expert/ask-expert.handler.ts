import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { DEFAULT_LOCALE, newId, type Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { expertQuestionStream } from '../../contracts/index.js';
import { expertQuestionDecider } from '../../domain/index.js';
import { ExpertNotices } from '../shared/expert-notices.js';
import { readExpertThemeCatalogue } from '../shared/identity-reads.js';
import { phoneE164 } from '../shared/phone.js';
import { AskExpertCommand } from './ask-expert.command.js';

/** 000 §4.1: a learner asks; the theme and sub-theme are judged against identity's reference lists as they stand in the log. */
@CommandHandler(AskExpertCommand)
export class AskExpertHandler implements ICommandHandler<AskExpertCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ExpertNotices) private readonly notices: ExpertNotices,
  ) {}

  async execute({ principal: user, input, context }: AskExpertCommand): Promise<CommandOutcome<{ questionId: string; askedAt: string }>> {
    const catalogue = await readExpertThemeCatalogue(this.store);
    const questionId = newId();
    const now = this.clock.now().toISOString();
    const { events, result } = await handleCommand(
      this.store,
      expertQuestionStream(questionId),
      expertQuestionDecider,
      {
        type: 'AskExpertQuestion',
        data: {
          questionId,
          userId: user.userId,
          email: user.email,
          lang: input.lang ?? DEFAULT_LOCALE,
          companyId: user.companyId,
          country: user.country,
          themeId: input.themeId,
          subThemeId: input.subThemeId,
          catalogue,
          phone: input.phone,
          phoneE164: phoneE164(input.phone, user.country),
          title: input.title,
          question: input.question,
          now,
        },
      },
      context,
      { known: { state: expertQuestionDecider.initial(), revision: null } },
    );
    const asked = events.find((e) => e.type === 'ExpertQuestionAsked');
    if (asked) this.notices.asked(asked, result?.checkpoint ?? null);
    return { value: { questionId, askedAt: now }, checkpoint: result?.checkpoint ?? null };
  }
}
