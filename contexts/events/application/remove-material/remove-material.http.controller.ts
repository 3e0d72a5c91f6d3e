import { Controller, Delete, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { materialParamsSchema, type ScheduledEvent } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { RemoveMaterialCommand } from './remove-material.command.js';

/** 001 §7 DELETE /scheduledEvents/materials/{id}: tc_admin of Brazil. */
@Controller('scheduledEvents')
export class RemoveMaterialController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Delete('materials/:id')
  @EventsArea('admin')
  @AnswersWithPosition()
  remove(@ZodParams(materialParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new RemoveMaterialCommand(params.id, appendContextOf(req)));
  }
}
