import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class VisitRecommendationCommand extends Command<CommandOutcome<{ recommendationId: string; visitedAt: string }>> {
  constructor(
    readonly userId: string,
    readonly recommendationId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
