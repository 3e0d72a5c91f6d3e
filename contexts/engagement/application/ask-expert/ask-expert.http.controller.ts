import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { askExpertRequestSchema, type AskExpertRequest } from '../../contracts/index.js';
import { ASKING_ROLES } from '../shared/expert-access.js';
import { AskExpertCommand } from './ask-expert.command.js';

@Controller('expert/questions')
export class AskExpertController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** Signed-in users of the learner area with a complete profile; not the read-only auditor. */
  @Post()
  @HttpCode(201)
  @Authorized({ roles: ASKING_ROLES })
  @AnswersWithPosition()
  ask(@ZodBody(askExpertRequestSchema) body: AskExpertRequest, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ questionId: string; askedAt: string }>> {
    return this.commands.execute(new AskExpertCommand(requireUser(req.principal), body, appendContextOf(req)));
  }
}
