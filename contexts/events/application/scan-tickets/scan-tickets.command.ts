import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScanActionName, TicketScanResults } from '../../contracts/index.js';

export class ScanTicketsCommand extends Command<CommandOutcome<TicketScanResults>> {
  constructor(
    readonly eventId: string,
    readonly scans: { ticket: string; action: ScanActionName; scannedAt: string; deviceId?: string }[],
    readonly context: AppendContext,
  ) {
    super();
  }
}
