import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { phoneSendRequestSchema } from '../../contracts/index.js';
import { SendPhoneCodeCommand } from './send-phone-code.command.js';

@Controller('auth2/phone')
export class SendPhoneCodeController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('send')
  @HttpCode(200)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  send(@ZodBody(phoneSendRequestSchema) body: z.infer<typeof phoneSendRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ sentAt: string }>> {
    return this.commands.execute(new SendPhoneCodeCommand(requireUser(req.principal).userId, body.phone, body.lang ?? null, appendContextOf(req)));
  }
}
