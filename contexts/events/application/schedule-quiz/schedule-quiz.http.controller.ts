import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { quizDateSchema, type ScheduledEvent } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ScheduleQuizCommand } from './schedule-quiz.command.js';

type QuizDate = ReturnType<typeof quizDateSchema.parse>;

/** 001 §7 POST /quiz/new-quiz-date: tc_admin of Brazil. */
@Controller('quiz')
export class ScheduleQuizController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('new-quiz-date')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  schedule(@ZodBody(quizDateSchema) body: QuizDate, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new ScheduleQuizCommand(body.quizId, body.eventId, { opensAt: body.opensAt, closesAt: body.closesAt }, appendContextOf(req)));
  }
}
