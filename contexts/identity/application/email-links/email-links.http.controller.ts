import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { Authorized, appendContextOf, CurrentRequest, Public, requireUser, ZodBody, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import {
  applyActionCodeRequestSchema,
  checkActionCodeRequestSchema,
  sendEmailVerificationRequestSchema,
  sendPasswordResetRequestSchema,
} from '../../contracts/index.js';
import { ApplyActionCodeCommand, CheckActionCodeCommand, SendEmailVerificationCommand, SendPasswordResetCommand } from './email-links.commands.js';

type Reply = { header(name: string, value: string): unknown };
const mark = (reply: Reply, outcome: { checkpoint: { transactionId: bigint; position: bigint } | null }) => {
  if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
};

@Controller()
export class EmailLinksController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('sendEmailVerification')
  @HttpCode(200)
  @Authorized({ allowIncomplete: true })
  async sendEmailVerification(
    @ZodBody(sendEmailVerificationRequestSchema) body: z.infer<typeof sendEmailVerificationRequestSchema>,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    const user = requireUser(req.principal);
    const outcome = await this.commands.execute(new SendEmailVerificationCommand(user.userId, body.lang ?? null, appendContextOf(req)));
    mark(reply, outcome);
    return outcome.value;
  }

  @Post('sendPasswordReset')
  @HttpCode(200)
  @Public()
  async sendPasswordReset(@ZodBody(sendPasswordResetRequestSchema) body: z.infer<typeof sendPasswordResetRequestSchema>, @CurrentRequest() req: PortalRequest) {
    await this.commands.execute(new SendPasswordResetCommand(body.email, body.lang ?? null, appendContextOf(req)));
    return { ok: true as const };
  }

  @Post('checkActionCode')
  @HttpCode(200)
  @Public()
  async checkActionCode(@ZodBody(checkActionCodeRequestSchema) body: z.infer<typeof checkActionCodeRequestSchema>) {
    return this.commands.execute(new CheckActionCodeCommand(body.mode, body.oobCode));
  }

  @Post('applyActionCode')
  @HttpCode(200)
  @Public()
  async applyActionCode(
    @ZodBody(applyActionCodeRequestSchema) body: z.infer<typeof applyActionCodeRequestSchema>,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    const outcome = await this.commands.execute(new ApplyActionCodeCommand(body.mode, body.oobCode, body.newPassword ?? null, appendContextOf(req)));
    mark(reply, outcome);
    return outcome.value;
  }
}
