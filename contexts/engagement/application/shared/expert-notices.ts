import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { checkpointToString, type Checkpoint } from '@portal/eventstore';
import { composeMail, MailsAfterAnswer, type Mailer } from '@portal/mail';
import { APP_CONFIG, MAILER, PROJECTIONS, REALTIME, type AppConfig, type RealtimeHub } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { expertsOfTheme } from '@portal/projection-expert-questions';
import type { ExpertQuestionAnswered, ExpertQuestionAsked } from '../../contracts/index.js';
import type { AskedQuestionState } from '../../domain/index.js';
import { EXPERT_ANSWER_MAIL } from './expert-mail.js';

/** Realtime message types of ask the expert (the SPA's realtime feature parses them). */
export const EXPERT_ANSWERED_MESSAGE = 'expert.answered';
export const EXPERT_QUEUE_MESSAGE = 'expert.queue';

/**
 * Who hears what in ask the expert (ADR 0072), after the answer to the request (a failed mail or
 * push is logged, the decision stands): the learner's open tabs hear of an answer at once (the
 * shell shows a notification and the menu's badge), the learner gets the answer by mail in the
 * language they asked in; the experts of a theme's open tabs hear that a question arrived.
 */
@Injectable()
export class ExpertNotices implements OnApplicationShutdown {
  private readonly logger = new Logger('ExpertNotices');
  private readonly afterAnswer = new MailsAfterAnswer((message) => this.logger.error(`ask-the-expert notice failed: ${message}`));

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REALTIME) private readonly realtime: RealtimeHub,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  asked(event: ExpertQuestionAsked, checkpoint: Checkpoint | null): void {
    this.afterAnswer.later(async () => {
      const experts = await expertsOfTheme(this.projections.reader('expert-questions'), event.data.themeId);
      const position = checkpoint ? checkpointToString(checkpoint) : '';
      for (const expertId of experts) await this.realtime.publish(expertId, { type: EXPERT_QUEUE_MESSAGE, data: { questionId: event.data.questionId, position } });
    });
  }

  answered(state: AskedQuestionState, event: ExpertQuestionAnswered, checkpoint: Checkpoint | null): void {
    this.afterAnswer.later(async () => {
      const position = checkpoint ? checkpointToString(checkpoint) : '';
      await this.realtime.publish(state.userId, { type: EXPERT_ANSWERED_MESSAGE, data: { questionId: state.questionId, title: state.title, position } });
    });
    this.afterAnswer.later(async () => {
      const m = EXPERT_ANSWER_MAIL[state.lang];
      const page = `${this.config.publicUrl}/ask-expert?lang=${state.lang}`;
      const { text, html } = composeMail(state.lang, [
        m.hello,
        m.intro(event.data.expertName),
        `${m.question}: ${state.title}`,
        `${m.answer}:\n${event.data.response}`,
        [m.page, page],
        m.signature(this.config.productName),
      ]);
      await this.mailer.send({ to: state.email, subject: m.subject(state.title), text, html, category: 'expert-answer', locale: state.lang });
    });
  }

  /** Notices still being sent (tests, shutdown). */
  settled(): Promise<void> {
    return this.afterAnswer.settled();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }
}
