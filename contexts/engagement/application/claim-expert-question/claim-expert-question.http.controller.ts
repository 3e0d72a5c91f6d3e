import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { questionParamsSchema } from '../../contracts/index.js';
import { ASKING_ROLES } from '../shared/expert-access.js';
import { ClaimExpertQuestionCommand } from './claim-expert-question.command.js';

@Controller('expert/queue')
export class ClaimExpertQuestionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** Experts of the question's theme (the decider answers 403 expert-not-assigned to others). */
  @Post(':questionId/claim')
  @HttpCode(204)
  @Authorized({ roles: ASKING_ROLES })
  @AnswersWithPosition()
  claim(@ZodParams(questionParamsSchema) p: z.infer<typeof questionParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new ClaimExpertQuestionCommand(requireUser(req.principal).userId, p.questionId, appendContextOf(req)));
  }
}
