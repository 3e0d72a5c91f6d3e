import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { attachQuizSchema, type AttachQuizBody, type ScheduledEvent } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { AttachQuizCommand } from './attach-quiz.command.js';

/** 001 §7 POST /quiz/event: tc_admin of Brazil. */
@Controller('quiz')
export class AttachQuizController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('event')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  attach(@ZodBody(attachQuizSchema) body: AttachQuizBody, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new AttachQuizCommand(body.quizId, body.eventId, appendContextOf(req)));
  }
}
