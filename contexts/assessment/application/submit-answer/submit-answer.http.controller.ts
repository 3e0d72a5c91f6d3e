import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type PortalRequest } from '@portal/platform';
import { answerRequestSchema, type AnswerRequest, type AnswerResult } from '../../contracts/index.js';
import { SubmitAnswerCommand } from './submit-answer.command.js';

type Reply = { header(name: string, value: string): unknown };

/** 000 §7 POST /user-store/answer: signed-in learners only (answers are ignored without a register id, 000 §5). */
@Controller('user-store')
export class SubmitAnswerController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('answer')
  @HttpCode(201)
  @Authorized()
  async submit(@ZodBody(answerRequestSchema) body: AnswerRequest, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply): Promise<AnswerResult> {
    const user = requireUser(req.principal);
    const outcome = await this.commands.execute(new SubmitAnswerCommand(user, body, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
