import { Controller, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { eventIdParamsSchema, scheduledEventInputSchema, type ScheduledEvent, type ScheduledEventBody } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { UpdateScheduledEventCommand } from './update-scheduled-event.command.js';

/** 001 §7 PUT /scheduledEvents/{id}: tc_admin of Brazil. */
@Controller('scheduledEvents')
export class UpdateScheduledEventController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put(':id')
  @EventsArea('admin')
  @AnswersWithPosition()
  update(
    @ZodParams(eventIdParamsSchema) params: { id: string },
    @ZodBody(scheduledEventInputSchema) body: ScheduledEventBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new UpdateScheduledEventCommand(params.id, body, appendContextOf(req)));
  }
}
