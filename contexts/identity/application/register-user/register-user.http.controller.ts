import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, APP_CONFIG, appendContextOf, CurrentRequest, Public, ZodBody, type AppConfig, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { registerRequestSchema, type RegisterRequest, type SessionResponse } from '../../contracts/index.js';
import { answerWithSession, clientOf, type CookieReply } from '../shared/session-cookie.js';
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
  @AnswersWithPosition()
  async register(@ZodBody(registerRequestSchema) body: RegisterRequest, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: CookieReply): Promise<CommandOutcome<SessionResponse>> {
    return answerWithSession(reply, this.config, await this.commands.execute(new RegisterUserCommand(body, clientOf(req), appendContextOf(req))));
  }
}
