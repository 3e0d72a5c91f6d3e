import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { questionParamsSchema } from '../../contracts/index.js';
import { ASKING_ROLES } from '../shared/expert-access.js';
import { WithdrawExpertQuestionCommand } from './withdraw-expert-question.command.js';

@Controller('expert/questions')
export class WithdrawExpertQuestionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** The question's own learner (the decider answers 404 to anyone else). */
  @Post(':questionId/withdraw')
  @HttpCode(204)
  @Authorized({ roles: ASKING_ROLES })
  @AnswersWithPosition()
  withdraw(@ZodParams(questionParamsSchema) p: z.infer<typeof questionParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new WithdrawExpertQuestionCommand(requireUser(req.principal).userId, p.questionId, appendContextOf(req)));
  }
}
