import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { eventIdParamsSchema, ticketScansSchema, type TicketScanResults } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ScanTicketsCommand } from './scan-tickets.command.js';

type Scans = ReturnType<typeof ticketScansSchema.parse>;

/** Tickets scanned at the door: tc_admin and tc_manager. */
@Controller('scheduledEvents')
export class ScanTicketsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/tickets/scan')
  @HttpCode(200)
  @EventsArea('staff')
  @AnswersWithPosition()
  scan(@ZodParams(eventIdParamsSchema) params: { id: string }, @ZodBody(ticketScansSchema) body: Scans, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<TicketScanResults>> {
    return this.commands.execute(new ScanTicketsCommand(params.id, body.scans, appendContextOf(req)));
  }
}
