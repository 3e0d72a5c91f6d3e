import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { appendContextOf, CurrentRequest, Public, ZodBody, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { sendSignInLinkRequestSchema } from '../../contracts/index.js';
import { SendSignInLinkCommand } from './send-sign-in-link.command.js';

/** The e-mailed one-time sign-in link (ADR 0032): public, it is how a throttled owner gets in. */
@Controller()
export class SendSignInLinkController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('auth/sendSignInLink')
  @HttpCode(200)
  @Public()
  async send(@ZodBody(sendSignInLinkRequestSchema) body: z.infer<typeof sendSignInLinkRequestSchema>, @CurrentRequest() req: PortalRequest) {
    await this.commands.execute(new SendSignInLinkCommand(body.email, body.lang ?? null, appendContextOf(req)));
    return { ok: true as const };
  }
}
