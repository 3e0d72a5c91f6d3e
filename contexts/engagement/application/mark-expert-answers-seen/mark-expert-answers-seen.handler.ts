import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, handleCommand, PROJECTIONS, waitForReads, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { questionsOfUser } from '@portal/projection-expert-questions';
import { expertAnswerRowId, inboxStream } from '../../contracts/index.js';
import { inboxDecider } from '../../domain/index.js';
import { unseenAnswerIds } from '../shared/unseen-answers.js';
import { MarkExpertAnswersSeenCommand } from './mark-expert-answers-seen.command.js';

/**
 * The learner opened their questions: every answer shown is seen. Recorded in the learner's inbox
 * stream as NotificationRowsViewed of the answers' rows (ADR 0047's mechanism), so the menu's badge
 * and the notifications sidebar drop them; the recommendations' unseen count is left alone.
 */
@CommandHandler(MarkExpertAnswersSeenCommand)
export class MarkExpertAnswersSeenHandler implements ICommandHandler<MarkExpertAnswersSeenCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ userId, req, context }: MarkExpertAnswersSeenCommand): Promise<CommandOutcome<void>> {
    await waitForReads(this.projections, req, ['expert-questions', 'engagement']);
    const rows = await questionsOfUser(this.projections.reader('expert-questions'), userId);
    const unseen = [...(await unseenAnswerIds(this.projections, userId, rows))];
    if (unseen.length === 0) return { value: undefined, checkpoint: null };
    const { result } = await handleCommand(
      this.store,
      inboxStream(userId),
      inboxDecider,
      { type: 'ViewRows', data: { userId, rowIds: unseen.map(expertAnswerRowId), now: this.clock.now().toISOString() } },
      context,
    );
    return { value: undefined, checkpoint: result?.checkpoint ?? null };
  }
}
