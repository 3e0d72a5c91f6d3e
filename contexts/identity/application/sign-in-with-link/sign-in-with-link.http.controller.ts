import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, APP_CONFIG, appendContextOf, CurrentRequest, Public, ZodBody, type AppConfig, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { signInWithLinkRequestSchema, type SessionResponse } from '../../contracts/index.js';
import { answerWithSession, clientOf, type CookieReply } from '../shared/session-cookie.js';
import { SignInWithLinkCommand } from './sign-in-with-link.command.js';

/** Uses an e-mailed one-time sign-in link (ADR 0032): public, it is how a throttled owner gets in. */
@Controller()
export class SignInWithLinkController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('auth/signInWithLink')
  @HttpCode(200)
  @Public()
  @AnswersWithPosition()
  async use(
    @ZodBody(signInWithLinkRequestSchema) body: z.infer<typeof signInWithLinkRequestSchema>,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: CookieReply,
  ): Promise<CommandOutcome<SessionResponse>> {
    return answerWithSession(reply, this.config, await this.commands.execute(new SignInWithLinkCommand(body.code, clientOf(req), appendContextOf(req))));
  }
}
