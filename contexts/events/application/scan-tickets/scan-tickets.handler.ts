import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Checkpoint } from '@portal/eventstore';
import { AppError } from '@portal/kernel';
import { partOf, type CommandOutcome } from '@portal/platform';
import type { TicketScanResults } from '../../contracts/index.js';
import { EventCodes } from '../shared/codes.js';
import { Presence } from '../shared/presence.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { ScanTicketsCommand } from './scan-tickets.command.js';

/**
 * Staff scan personal tickets at the door, one at a time or as a batch sent when the phone is
 * back online (ADR 0060): each scan keeps its own time and gets its own result (a bad ticket does
 * not sink the batch); resending a batch changes nothing.
 */
@CommandHandler(ScanTicketsCommand)
export class ScanTicketsHandler implements ICommandHandler<ScanTicketsCommand> {
  constructor(
    @Inject(EventCodes) private readonly codes: EventCodes,
    @Inject(Presence) private readonly presence: Presence,
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
  ) {}

  async execute({ eventId, scans, context }: ScanTicketsCommand): Promise<CommandOutcome<TicketScanResults>> {
    if (!(await this.writer.load(eventId))) throw new AppError('404');
    const results: TicketScanResults['results'] = [];
    let checkpoint: Checkpoint | null = null;
    for (const [index, scan] of scans.entries()) {
      try {
        const userId = this.codes.readTicket(scan.ticket, eventId);
        const done = await this.presence.scan(eventId, userId, scan.action, scan.scannedAt, { kind: 'ticket', deviceId: scan.deviceId ?? null }, partOf(context, index));
        results.push({ ok: true, ...done.result });
        checkpoint = done.checkpoint ?? checkpoint;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ ok: false, index, code: error.code, message: error.message });
      }
    }
    return { value: { results }, checkpoint };
  }
}
