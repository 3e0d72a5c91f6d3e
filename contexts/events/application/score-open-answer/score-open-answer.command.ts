import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScoredAnswer } from '../../contracts/index.js';

export class ScoreOpenAnswerCommand extends Command<CommandOutcome<ScoredAnswer>> {
  constructor(
    readonly eventId: string,
    readonly quizId: string,
    readonly userId: string,
    readonly questionId: string,
    readonly score: number,
    readonly context: AppendContext,
  ) {
    super();
  }
}
