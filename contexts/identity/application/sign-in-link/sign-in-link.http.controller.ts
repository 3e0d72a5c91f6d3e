import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { APP_CONFIG, appendContextOf, CurrentRequest, Public, ZodBody, type AppConfig, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { sendSignInLinkRequestSchema, signInWithLinkRequestSchema, type SessionResponse } from '../../contracts/index.js';
import { setRefreshCookie, type CookieReply } from '../shared/session-cookie.js';
import { clientOf } from '../sign-in/sign-in.http.controller.js';
import { SendSignInLinkCommand, SignInWithLinkCommand } from './sign-in-link.commands.js';

/** The e-mailed one-time sign-in link (ADR 0032): public, it is how a throttled owner gets in. */
@Controller()
export class SignInLinkController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('auth/sendSignInLink')
  @HttpCode(200)
  @Public()
  async send(@ZodBody(sendSignInLinkRequestSchema) body: z.infer<typeof sendSignInLinkRequestSchema>, @CurrentRequest() req: PortalRequest) {
    await this.commands.execute(new SendSignInLinkCommand(body.email, body.lang ?? null, appendContextOf(req)));
    return { ok: true as const };
  }

  @Post('auth/signInWithLink')
  @HttpCode(200)
  @Public()
  async use(
    @ZodBody(signInWithLinkRequestSchema) body: z.infer<typeof signInWithLinkRequestSchema>,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: CookieReply,
  ): Promise<SessionResponse> {
    const outcome = await this.commands.execute(new SignInWithLinkCommand(body.code, clientOf(req), appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    setRefreshCookie(reply, this.config, outcome.value.refreshToken, outcome.value.maxAgeSeconds);
    return outcome.value.response;
  }
}
