import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, APP_CONFIG, appendContextOf, CurrentRequest, Public, ZodBody, type AppConfig, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { signInRequestSchema, type SessionResponse, type SignInRequest } from '../../contracts/index.js';
import { answerWithSession, clientOf, type CookieReply } from '../shared/session-cookie.js';
import { withRetryAfter } from './retry-after.js';
import { SignInCommand } from './sign-in.command.js';

@Controller()
export class SignInController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('auth/signIn')
  @HttpCode(200)
  @Public()
  @AnswersWithPosition()
  async signIn(@ZodBody(signInRequestSchema) body: SignInRequest, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: CookieReply): Promise<CommandOutcome<SessionResponse>> {
    const outcome = await withRetryAfter(reply, () => this.commands.execute(new SignInCommand(body, clientOf(req), appendContextOf(req))));
    return answerWithSession(reply, this.config, outcome);
  }
}
