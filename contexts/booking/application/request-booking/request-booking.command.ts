import { Command } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { BookingRequestBody, BookingRequestedAnswer, ChangeSource } from '../../contracts/index.js';

export class RequestBookingCommand extends Command<CommandOutcome<BookingRequestedAnswer>> {
  constructor(
    readonly input: BookingRequestBody,
    /** The reader's language when the body names none (mails go out in it). */
    readonly locale: Locale,
    readonly source: ChangeSource,
    readonly context: AppendContext,
  ) {
    super();
  }
}
