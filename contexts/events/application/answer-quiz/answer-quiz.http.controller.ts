import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { answerQuizSchema, eventQuizParamsSchema, type QuizResult } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { AnswerQuizCommand } from './answer-quiz.command.js';

type Answers = ReturnType<typeof answerQuizSchema.parse>;

/** Answer the quiz: signed-in attendees (not the auditor); the rules are the decider's. */
@Controller('scheduledEvents')
export class AnswerQuizController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/quiz/:quizId/answer')
  @HttpCode(200)
  @EventsArea('attendee')
  @AnswersWithPosition()
  answer(@ZodParams(eventQuizParamsSchema) params: { id: string; quizId: string }, @ZodBody(answerQuizSchema) body: Answers, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<QuizResult>> {
    return this.commands.execute(new AnswerQuizCommand(params.id, params.quizId, requireUser(req.principal).userId, body.lang, body.answers, appendContextOf(req)));
  }
}
