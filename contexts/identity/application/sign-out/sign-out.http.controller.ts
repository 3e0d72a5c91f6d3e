import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, appendContextOf, CurrentRequest, Public, ZodBody, type AppConfig, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { logoffRequestSchema } from '../../contracts/index.js';
import { clearRefreshCookie, sessionIdOfCookie, type CookieReply } from '../shared/session-cookie.js';
import { SignOutCommand } from './sign-out.command.js';

/** Public: a caller whose access token expired still signs out with its refresh cookie. */
@Controller('auth')
export class SignOutController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('logoff')
  @HttpCode(204)
  @Public()
  async logoff(
    @ZodBody(logoffRequestSchema) body: z.infer<typeof logoffRequestSchema>,
    @CurrentRequest() req: PortalRequest & { cookies?: Record<string, string> },
    @Res({ passthrough: true }) reply: CookieReply,
  ): Promise<void> {
    const principal = req.principal?.kind === 'user' ? req.principal : null;
    const sessionId = principal?.sessionId ?? sessionIdOfCookie(req);
    await this.commands.execute(new SignOutCommand(principal?.userId ?? null, sessionId, body.lang ?? null, appendContextOf(req)));
    clearRefreshCookie(reply, this.config);
  }
}
