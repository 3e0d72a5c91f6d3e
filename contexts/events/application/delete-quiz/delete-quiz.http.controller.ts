import { Controller, Delete, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { quizIdParamsSchema } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { DeleteQuizCommand } from './delete-quiz.command.js';

/** 001 §7 DELETE /quiz/{id}: tc_admin of Brazil; 204. */
@Controller('quiz')
export class DeleteQuizController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Delete(':id')
  @HttpCode(204)
  @EventsArea('admin')
  @AnswersWithPosition()
  remove(@ZodParams(quizIdParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new DeleteQuizCommand(params.id, appendContextOf(req)));
  }
}
