import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { BookingRow, ChangeSource, StatusChangeBody } from '../../contracts/index.js';

export class ChangeBookingStatusCommand extends Command<CommandOutcome<BookingRow>> {
  constructor(
    readonly bookingId: string,
    readonly input: StatusChangeBody,
    readonly source: ChangeSource,
    readonly context: AppendContext,
  ) {
    super();
  }
}
