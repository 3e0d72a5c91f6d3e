import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { enrolSchema, eventIdParamsSchema, type EnrolBody, type Enrolment } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { EnrolCommand } from './enrol.command.js';

/** Enrol myself: signed-in people (not the auditor); what the event allows is the decider's. */
@Controller('scheduledEvents')
export class EnrolController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/enrol')
  @HttpCode(200)
  @EventsArea('attendee')
  @AnswersWithPosition()
  enrol(@ZodParams(eventIdParamsSchema) params: { id: string }, @ZodBody(enrolSchema) body: EnrolBody, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<Enrolment>> {
    const user = requireUser(req.principal);
    return this.commands.execute(
      new EnrolCommand(
        params.id,
        { userId: user.userId, email: user.email, lang: body.lang ?? 'pt-BR' },
        { country: user.country, allowedStations: user.allowedStations },
        appendContextOf(req),
      ),
    );
  }
}
