import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { publishNotificationRequestSchema, type PublishNotificationRequest } from '../../contracts/index.js';
import { PublishNotificationCommand } from './publish-notification.command.js';

@Controller('notification-messages')
export class PublishNotificationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('publish')
  @HttpCode(201)
  @Authorized({ roles: ['tc_admin', 'company_admin'] })
  @AnswersWithPosition()
  publish(@ZodBody(publishNotificationRequestSchema) body: PublishNotificationRequest, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ id: string }>> {
    return this.commands.execute(new PublishNotificationCommand(requireUser(req.principal).userId, body, appendContextOf(req)));
  }
}
