import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { appendContextOf, CurrentRequest, Public, ZodBody, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { sendPasswordResetRequestSchema } from '../../contracts/index.js';
import { SendPasswordResetCommand } from './send-password-reset.command.js';

/** Public; the same answer whether or not the address has an account (no enumeration). */
@Controller()
export class SendPasswordResetController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('sendPasswordReset')
  @HttpCode(200)
  @Public()
  async send(@ZodBody(sendPasswordResetRequestSchema) body: z.infer<typeof sendPasswordResetRequestSchema>, @CurrentRequest() req: PortalRequest) {
    await this.commands.execute(new SendPasswordResetCommand(body.email, body.lang ?? null, appendContextOf(req)));
    return { ok: true as const };
  }
}
