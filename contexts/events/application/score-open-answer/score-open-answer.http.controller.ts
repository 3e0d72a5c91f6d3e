import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { scoreAnswerParamsSchema, scoreAnswerSchema, type ScoreAnswerBody, type ScoredAnswer } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ScoreOpenAnswerCommand } from './score-open-answer.command.js';

/** The report's scoring of open answers: tc_admin and tc_manager. */
@Controller('scheduledEvents')
export class ScoreOpenAnswerController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/quiz/:quizId/answers/:userId/score')
  @HttpCode(200)
  @EventsArea('staff')
  @AnswersWithPosition()
  score(
    @ZodParams(scoreAnswerParamsSchema) params: { id: string; quizId: string; userId: string },
    @ZodBody(scoreAnswerSchema) body: ScoreAnswerBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<ScoredAnswer>> {
    return this.commands.execute(new ScoreOpenAnswerCommand(params.id, params.quizId, params.userId, body.questionId, body.score, appendContextOf(req)));
  }
}
