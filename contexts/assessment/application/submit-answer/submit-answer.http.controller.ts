import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { answerRequestSchema, type AnswerRequest, type AnswerResult } from '../../contracts/index.js';
import { SubmitAnswerCommand } from './submit-answer.command.js';

/** 000 §7 POST /user-store/answer: signed-in learners only (answers are ignored without a register id, 000 §5). */
@Controller('user-store')
export class SubmitAnswerController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('answer')
  @HttpCode(201)
  @Authorized()
  @AnswersWithPosition()
  submit(@ZodBody(answerRequestSchema) body: AnswerRequest, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<AnswerResult>> {
    return this.commands.execute(new SubmitAnswerCommand(requireUser(req.principal), body, appendContextOf(req)));
  }
}
