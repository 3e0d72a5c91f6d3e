import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { phoneVerifyRequestSchema } from '../../contracts/index.js';
import { VerifyPhoneCommand } from './verify-phone.command.js';

@Controller('auth2/phone')
export class VerifyPhoneController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('verify')
  @HttpCode(200)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  verify(@ZodBody(phoneVerifyRequestSchema) body: z.infer<typeof phoneVerifyRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ ok: true }>> {
    return this.commands.execute(new VerifyPhoneCommand(requireUser(req.principal).userId, body.phone, body.code, appendContextOf(req)));
  }
}
