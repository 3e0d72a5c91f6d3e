import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, Public, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { applyActionCodeRequestSchema, type ActionMode } from '../../contracts/index.js';
import { ApplyActionCodeCommand } from './apply-action-code.command.js';

/** Public: the link's code is the proof. */
@Controller()
export class ApplyActionCodeController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('applyActionCode')
  @HttpCode(200)
  @Public()
  @AnswersWithPosition()
  apply(@ZodBody(applyActionCodeRequestSchema) body: z.infer<typeof applyActionCodeRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ mode: ActionMode; email: string }>> {
    return this.commands.execute(new ApplyActionCodeCommand(body.mode, body.oobCode, body.newPassword ?? null, appendContextOf(req)));
  }
}
