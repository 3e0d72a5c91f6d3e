import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { rowIdsRequestSchema } from '../../contracts/index.js';
import { MarkRowsViewedCommand } from './mark-rows-viewed.command.js';

@Controller('notification-messages')
export class MarkRowsViewedController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('set-viewed-row-ids')
  @HttpCode(204)
  @Authorized()
  @AnswersWithPosition()
  setViewed(@ZodBody(rowIdsRequestSchema) body: z.infer<typeof rowIdsRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new MarkRowsViewedCommand(requireUser(req.principal).userId, body.rowIds, appendContextOf(req)));
  }
}
