import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import { actedAt, CLOCK } from '@portal/platform';
import { AnswerSheets } from '../shared/answer-sheets.js';
import { VisitRecommendationCommand } from './visit-recommendation.command.js';

/** POST /adaptive/setVisited/{id}: RecommendationVisited once (a second call changes nothing). */
@CommandHandler(VisitRecommendationCommand)
export class VisitRecommendationHandler implements ICommandHandler<VisitRecommendationCommand> {
  constructor(
    @Inject(AnswerSheets) private readonly sheets: AnswerSheets,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, recommendationId, context }: VisitRecommendationCommand) {
    const { state, result } = await this.sheets.execute(
      userId,
      { type: 'VisitRecommendation', data: { actor: userId, recommendationId, now: actedAt(context, this.clock.now()) } },
      context,
    );
    const rec = state.recommendations.find((r) => r.recommendationId === recommendationId)!;
    return { value: { recommendationId, visitedAt: rec.visitedAt! }, checkpoint: result?.checkpoint ?? null };
  }
}
