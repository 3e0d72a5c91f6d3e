import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { cancelEventSchema, eventIdParamsSchema, type CancelEventBody, type ScheduledEvent } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ChangeEventStateCommand } from './change-event-state.command.js';

/** Publish, cancel, finish: tc_admin of Brazil. */
@Controller('scheduledEvents')
export class ChangeEventStateController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/publish')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  publish(@ZodParams(eventIdParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new ChangeEventStateCommand(params.id, { to: 'published' }, appendContextOf(req)));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  cancel(@ZodParams(eventIdParamsSchema) params: { id: string }, @ZodBody(cancelEventSchema) body: CancelEventBody, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new ChangeEventStateCommand(params.id, { to: 'canceled', reason: body.reason ?? null }, appendContextOf(req)));
  }

  @Post(':id/finish')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  finish(@ZodParams(eventIdParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new ChangeEventStateCommand(params.id, { to: 'finished' }, appendContextOf(req)));
  }
}
