import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { flagRequestSchema } from '../../contracts/index.js';
import { SetUserFlagCommand } from './set-user-flag.command.js';

@Controller()
export class SetUserFlagController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('user-store/flag')
  @HttpCode(204)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  flag(@ZodBody(flagRequestSchema) body: z.infer<typeof flagRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new SetUserFlagCommand(requireUser(req.principal).userId, body.key, body.value, appendContextOf(req)));
  }
}
