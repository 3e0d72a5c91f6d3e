import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { RequestExportCommand } from './request-export.command.js';

@Controller('privacy/me/exports')
export class RequestExportController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(202)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  request(@CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ requestId: string; dueAt: string }>> {
    return this.commands.execute(new RequestExportCommand(requireUser(req.principal), appendContextOf(req)));
  }
}
