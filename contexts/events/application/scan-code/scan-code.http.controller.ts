import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { scanCodeSchema, type ScanCodeBody, type ScanResult } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ScanCodeCommand } from './scan-code.command.js';

/** Check myself in or out: signed-in people (not the auditor). */
@Controller('scheduledEvents')
export class ScanCodeController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('scan')
  @HttpCode(200)
  @EventsArea('attendee')
  @AnswersWithPosition()
  scan(@ZodBody(scanCodeSchema) body: ScanCodeBody, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScanResult>> {
    return this.commands.execute(new ScanCodeCommand(body.code, requireUser(req.principal).userId, appendContextOf(req)));
  }
}
