import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { addAttendeeSchema, eventIdParamsSchema, type Enrolment } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { AddAttendeeCommand } from './add-attendee.command.js';

type AddAttendee = ReturnType<typeof addAttendeeSchema.parse>;

/** tc_admin of Brazil adds an attendee by e-mail from the event's staff screen (ADR 0062). */
@Controller('scheduledEvents')
export class AddAttendeeController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/attendees')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  add(@ZodParams(eventIdParamsSchema) params: { id: string }, @ZodBody(addAttendeeSchema) body: AddAttendee, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<Enrolment>> {
    return this.commands.execute(new AddAttendeeCommand(params.id, body.email, body.lang ?? null, appendContextOf(req)));
  }
}
