import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { Enrolment } from '../../contracts/index.js';

export class AddAttendeeCommand extends Command<CommandOutcome<Enrolment>> {
  constructor(
    readonly eventId: string,
    readonly email: string,
    readonly lang: Locale | null,
    readonly context: AppendContext,
  ) {
    super();
  }
}
