import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { supportMessageRequestSchema, type SupportMessageRequest } from '../../contracts/index.js';
import { SendSupportMessageCommand } from './send-support-message.command.js';

@Controller('support')
export class SendSupportMessageController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** Signed-in users, also before their profile is complete. */
  @Post('message')
  @HttpCode(201)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  send(@ZodBody(supportMessageRequestSchema) body: SupportMessageRequest, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ messageId: string; sentAt: string }>> {
    return this.commands.execute(new SendSupportMessageCommand(requireUser(req.principal), body, appendContextOf(req)));
  }
}
