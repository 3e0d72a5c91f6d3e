import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { answerExpertRequestSchema, questionParamsSchema, type AnswerExpertRequest, type AnswerExpertResponse } from '../../contracts/index.js';
import { ASKING_ROLES } from '../shared/expert-access.js';
import { AnswerExpertQuestionCommand } from './answer-expert-question.command.js';

@Controller('expert/queue')
export class AnswerExpertQuestionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** Experts of the question's theme (the decider answers 403 expert-not-assigned to others, 409 to a second answer). */
  @Post(':questionId/answer')
  @HttpCode(200)
  @Authorized({ roles: ASKING_ROLES })
  @AnswersWithPosition()
  answer(
    @ZodParams(questionParamsSchema) p: z.infer<typeof questionParamsSchema>,
    @ZodBody(answerExpertRequestSchema) body: AnswerExpertRequest,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<AnswerExpertResponse>> {
    return this.commands.execute(new AnswerExpertQuestionCommand(requireUser(req.principal).userId, p.questionId, body.response, appendContextOf(req)));
  }
}
