import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { checkpointToString } from '@portal/eventstore';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { APP_CONFIG, appendContextOf, CLOCK, CurrentRequest, EVENT_STORE, handleCommand, Public, ZodBody, type AppConfig, type PortalRequest } from '@portal/platform';
import { logoffRequestSchema, userStream, type SessionResponse } from '../../contracts/index.js';
import { z } from 'zod';
import { userDecider } from '../shared/deciders.js';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie, type CookieReply } from '../shared/session-cookie.js';
import { SessionService } from '../shared/session-service.js';

@Controller('auth')
export class SessionsController {
  constructor(
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Cookie-authenticated: rotates the refresh token and issues a fresh access token. */
  @Post('refresh')
  @HttpCode(200)
  @Public()
  async refresh(@CurrentRequest() req: PortalRequest & { cookies?: Record<string, string> }, @Res({ passthrough: true }) reply: CookieReply): Promise<SessionResponse> {
    const token = refreshCookieOf(req);
    if (!token) throw new AppError('invalid-user-token');
    try {
      const session = await this.sessions.refresh(token, appendContextOf(req));
      setRefreshCookie(reply, this.config, session.refreshToken, session.maxAgeSeconds);
      if (session.checkpoint) reply.header('x-event-position', checkpointToString(session.checkpoint));
      return session.response;
    } catch (error) {
      clearRefreshCookie(reply, this.config);
      throw error;
    }
  }

  /** Sign-out saves the user's locale first (000 §4.5), then revokes the session. */
  @Post('logoff')
  @HttpCode(204)
  @Public()
  async logoff(
    @ZodBody(logoffRequestSchema) body: z.infer<typeof logoffRequestSchema>,
    @CurrentRequest() req: PortalRequest & { cookies?: Record<string, string> },
    @Res({ passthrough: true }) reply: CookieReply,
  ): Promise<void> {
    const principal = req.principal?.kind === 'user' ? req.principal : null;
    const ctx = appendContextOf(req);
    if (principal && body.lang) {
      await handleCommand(this.store, userStream(principal.userId), userDecider, { type: 'ChangeLocale', data: { lang: body.lang, now: this.clock.now().toISOString() } }, ctx);
    }
    const sessionId = principal?.sessionId ?? this.sessions.sessionIdOf(refreshCookieOf(req));
    if (sessionId) await this.sessions.revoke(sessionId, 'logoff', ctx);
    clearRefreshCookie(reply, this.config);
  }
}
