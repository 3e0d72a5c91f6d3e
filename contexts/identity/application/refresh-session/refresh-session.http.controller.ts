import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { AnswersWithPosition, APP_CONFIG, appendContextOf, CurrentRequest, Public, type AppConfig, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { SessionResponse } from '../../contracts/index.js';
import { answerWithSession, clearRefreshCookie, refreshCookieOf, type CookieReply } from '../shared/session-cookie.js';
import { RefreshSessionCommand } from './refresh-session.command.js';

/** Cookie-authenticated: rotates the refresh token and issues a fresh access token. */
@Controller('auth')
export class RefreshSessionController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('refresh')
  @HttpCode(200)
  @Public()
  @AnswersWithPosition()
  async refresh(@CurrentRequest() req: PortalRequest & { cookies?: Record<string, string> }, @Res({ passthrough: true }) reply: CookieReply): Promise<CommandOutcome<SessionResponse>> {
    const token = refreshCookieOf(req);
    if (!token) throw new AppError('invalid-user-token');
    try {
      return answerWithSession(reply, this.config, await this.commands.execute(new RefreshSessionCommand(token, appendContextOf(req))));
    } catch (error) {
      clearRefreshCookie(reply, this.config);
      throw error;
    }
  }
}
