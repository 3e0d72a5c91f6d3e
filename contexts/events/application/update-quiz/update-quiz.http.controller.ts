import { Controller, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { quizIdParamsSchema, quizInputSchema, type Quiz, type QuizBody } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { UpdateQuizCommand } from './update-quiz.command.js';

/** 001 §7 PUT /quiz/{id}: tc_admin of Brazil. */
@Controller('quiz')
export class UpdateQuizController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put(':id')
  @EventsArea('admin')
  @AnswersWithPosition()
  update(@ZodParams(quizIdParamsSchema) params: { id: string }, @ZodBody(quizInputSchema) body: QuizBody, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<Quiz>> {
    return this.commands.execute(new UpdateQuizCommand(params.id, body, appendContextOf(req)));
  }
}
