import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { actorOf, AppError } from '@portal/kernel';
import { appendContextOf, CurrentRequest, GuestOrUser, ZodBody, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { interactionTraceRequestSchema } from '../../contracts/index.js';
import { TraceInteractionCommand } from './trace-interaction.command.js';

/** Client tracking (000 §7): guests and users; the client ignores failures. */
@Controller()
export class TraceInteractionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('interactions/trace')
  @HttpCode(204)
  @GuestOrUser()
  async trace(@ZodBody(interactionTraceRequestSchema) body: z.infer<typeof interactionTraceRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<void> {
    if (!req.principal) throw new AppError('401');
    await this.commands.execute(new TraceInteractionCommand(actorOf(req.principal), body, appendContextOf(req)));
  }
}
