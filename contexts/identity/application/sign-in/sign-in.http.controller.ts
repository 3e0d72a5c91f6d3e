import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { APP_CONFIG, appendContextOf, CurrentRequest, Public, ZodBody, type AppConfig, type PortalRequest } from '@portal/platform';
import { signInRequestSchema, type SessionResponse, type SignInRequest } from '../../contracts/index.js';
import { setRefreshCookie, type CookieReply } from '../shared/session-cookie.js';
import { withRetryAfter } from './retry-after.js';
import { SignInCommand } from './sign-in.command.js';

export const clientOf = (req: PortalRequest) => {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null };
};

@Controller()
export class SignInController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('auth/signIn')
  @HttpCode(200)
  @Public()
  async signIn(@ZodBody(signInRequestSchema) body: SignInRequest, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: CookieReply): Promise<SessionResponse> {
    const outcome = await withRetryAfter(reply, () => this.commands.execute(new SignInCommand(body, clientOf(req), appendContextOf(req))));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    setRefreshCookie(reply, this.config, outcome.value.refreshToken, outcome.value.maxAgeSeconds);
    return outcome.value.response;
  }
}
