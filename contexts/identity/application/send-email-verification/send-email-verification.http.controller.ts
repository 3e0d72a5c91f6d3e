import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, Authorized, appendContextOf, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { sendEmailVerificationRequestSchema } from '../../contracts/index.js';
import { SendEmailVerificationCommand } from './send-email-verification.command.js';

@Controller()
export class SendEmailVerificationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('sendEmailVerification')
  @HttpCode(200)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  send(@ZodBody(sendEmailVerificationRequestSchema) body: z.infer<typeof sendEmailVerificationRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ sentAt: string }>> {
    return this.commands.execute(new SendEmailVerificationCommand(requireUser(req.principal).userId, body.lang ?? null, appendContextOf(req)));
  }
}
