import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, appendContextOf, CurrentRequest, Public, ZodBody, type AppConfig, type PortalRequest } from '@portal/platform';
import { setRefreshCookie, type CookieReply } from '../shared/session-cookie.js';
import { clientOf } from '../sign-in/sign-in.http.controller.js';
import { checkpointToString } from '@portal/eventstore';
import { registerRequestSchema, type RegisterRequest, type SessionResponse } from '../../contracts/index.js';
import { RegisterUserCommand } from './register-user.command.js';

@Controller()
export class RegisterUserController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('createUserRegister')
  @HttpCode(201)
  @Public()
  async register(
    @ZodBody(registerRequestSchema) body: RegisterRequest,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: CookieReply,
  ): Promise<SessionResponse> {
    const outcome = await this.commands.execute(new RegisterUserCommand(body, clientOf(req), appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    setRefreshCookie(reply, this.config, outcome.value.refreshToken, outcome.value.maxAgeSeconds);
    return outcome.value.response;
  }
}
