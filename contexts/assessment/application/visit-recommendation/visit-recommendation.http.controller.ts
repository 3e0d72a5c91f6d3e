import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { setVisitedParamsSchema, type setVisitedResponseSchema } from '../../contracts/index.js';
import { VisitRecommendationCommand } from './visit-recommendation.command.js';

/** 000 §7 POST /adaptive/setVisited/{id}: marks one of the caller's recommendations visited. */
@Controller('adaptive')
export class VisitRecommendationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('setVisited/:id')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  setVisited(@ZodParams(setVisitedParamsSchema) p: z.infer<typeof setVisitedParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<z.infer<typeof setVisitedResponseSchema>>> {
    return this.commands.execute(new VisitRecommendationCommand(requireUser(req.principal).userId, p.id, appendContextOf(req)));
  }
}
