import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { interactionRequestSchema } from '../../contracts/index.js';
import { RecordInteractionCommand } from './record-interaction.command.js';

@Controller()
export class RecordInteractionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('user-store/interactions')
  @HttpCode(204)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  interaction(@ZodBody(interactionRequestSchema) body: z.infer<typeof interactionRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new RecordInteractionCommand(requireUser(req.principal).userId, body.name, appendContextOf(req)));
  }
}
