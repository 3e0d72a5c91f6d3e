import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { appendContextOf, CurrentRequest, Public, ZodBody, type PortalRequest } from '@portal/platform';
import { checkpointToString } from '@portal/eventstore';
import { registerRequestSchema, type RegisterRequest, type SessionResponse } from '../../contracts/index.js';
import { RegisterUserCommand } from './register-user.command.js';

interface ReplyLike {
  header(name: string, value: string): unknown;
}

@Controller()
export class RegisterUserController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('createUserRegister')
  @HttpCode(201)
  @Public()
  async register(
    @ZodBody(registerRequestSchema) body: RegisterRequest,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: ReplyLike,
  ): Promise<SessionResponse> {
    const outcome = await this.commands.execute(new RegisterUserCommand(body, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
