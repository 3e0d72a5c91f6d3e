import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';

export class ScheduleQuizCommand extends Command<CommandOutcome<ScheduledEvent>> {
  constructor(
    readonly quizId: string,
    readonly eventId: string,
    readonly window: { opensAt: string; closesAt: string },
    readonly context: AppendContext,
  ) {
    super();
  }
}
