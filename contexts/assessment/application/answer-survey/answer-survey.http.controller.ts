import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, GuestOrUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { surveyAnswerRequestSchema, surveyParamsSchema, type surveyAnswerResponseSchema } from '../../contracts/index.js';
import { AnswerSurveyCommand } from './answer-survey.command.js';

/** 000 §7 POST /survey/{country}/{surveyPath}: one answer of a guest (x-guest-id) or a signed-in user (any registration state, 000 §6). */
@Controller('survey')
export class AnswerSurveyController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':country/:surveyPath')
  @HttpCode(201)
  @GuestOrUser()
  @AnswersWithPosition()
  answer(
    @ZodParams(surveyParamsSchema) p: z.infer<typeof surveyParamsSchema>,
    @ZodBody(surveyAnswerRequestSchema) body: z.infer<typeof surveyAnswerRequestSchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<z.infer<typeof surveyAnswerResponseSchema>>> {
    return this.commands.execute(new AnswerSurveyCommand(req.principal!, p.country, p.surveyPath, body, appendContextOf(req)));
  }
}
