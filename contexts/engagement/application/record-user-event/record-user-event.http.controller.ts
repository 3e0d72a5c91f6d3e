import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { actorOf, AppError } from '@portal/kernel';
import { appendContextOf, CurrentRequest, GuestOrUser, ZodBody, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { userEventRequestSchema } from '../../contracts/index.js';
import { RecordUserEventCommand } from './record-user-event.command.js';

/** Client tracking (000 §7): guests and users; the client ignores failures. */
@Controller()
export class RecordUserEventController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('user-events/set')
  @HttpCode(204)
  @GuestOrUser()
  async userEvent(@ZodBody(userEventRequestSchema) body: z.infer<typeof userEventRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<void> {
    if (!req.principal) throw new AppError('401');
    await this.commands.execute(new RecordUserEventCommand(actorOf(req.principal), body, appendContextOf(req)));
  }
}
