import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { notificationEventRequestSchema } from '../../contracts/index.js';
import { MarkNotificationReadCommand } from './mark-notification-read.command.js';

@Controller('notification-messages')
export class MarkNotificationReadController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(204)
  @Authorized()
  @AnswersWithPosition()
  event(@ZodBody(notificationEventRequestSchema) body: z.infer<typeof notificationEventRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    const user = requireUser(req.principal);
    return this.commands.execute(new MarkNotificationReadCommand(user.userId, body.notificationId, body.clientTime ?? null, appendContextOf(req)));
  }
}
