import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, CurrentRequest, Public, ZodBody, type PortalRequest } from '@portal/platform';
import { signInRequestSchema, type SessionResponse, type SignInRequest } from '../../contracts/index.js';
import { SignInCommand } from './sign-in.command.js';

@Controller()
export class SignInController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('auth/signIn')
  @HttpCode(200)
  @Public()
  async signIn(
    @ZodBody(signInRequestSchema) body: SignInRequest,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: { header(name: string, value: string): unknown },
  ): Promise<SessionResponse> {
    const outcome = await this.commands.execute(new SignInCommand(body, req.ip ?? null, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
