import { Controller, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { scheduledEventInputSchema, type ScheduledEvent, type ScheduledEventBody } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { CreateScheduledEventCommand } from './create-scheduled-event.command.js';

/** 001 §7 POST /scheduledEvents: tc_admin of Brazil. */
@Controller('scheduledEvents')
export class CreateScheduledEventController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @EventsArea('admin')
  @AnswersWithPosition()
  create(@ZodBody(scheduledEventInputSchema) body: ScheduledEventBody, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new CreateScheduledEventCommand(body, appendContextOf(req)));
  }
}
