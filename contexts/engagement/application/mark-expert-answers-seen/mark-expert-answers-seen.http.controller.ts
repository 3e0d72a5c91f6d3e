import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { ASKING_ROLES } from '../shared/expert-access.js';
import { MarkExpertAnswersSeenCommand } from './mark-expert-answers-seen.command.js';

@Controller('expert/questions')
export class MarkExpertAnswersSeenController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** The caller's own answers only. */
  @Post('seen')
  @HttpCode(204)
  @Authorized({ roles: ASKING_ROLES })
  @AnswersWithPosition()
  seen(@CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new MarkExpertAnswersSeenCommand(requireUser(req.principal).userId, req, appendContextOf(req)));
  }
}
