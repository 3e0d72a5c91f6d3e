import { Controller, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { quizInputSchema, type Quiz, type QuizBody } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { CreateQuizCommand } from './create-quiz.command.js';

/** 001 §7 POST /quiz: tc_admin of Brazil. */
@Controller('quiz')
export class CreateQuizController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @EventsArea('admin')
  @AnswersWithPosition()
  create(@ZodBody(quizInputSchema) body: QuizBody, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<Quiz>> {
    return this.commands.execute(new CreateQuizCommand(body, appendContextOf(req)));
  }
}
