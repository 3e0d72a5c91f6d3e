import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { Enrolment } from '../../contracts/index.js';
import type { Audience } from '../../domain/index.js';

export class EnrolCommand extends Command<CommandOutcome<Enrolment>> {
  constructor(
    readonly eventId: string,
    readonly attendee: { userId: string; email: string; lang: Locale },
    readonly audience: Audience,
    readonly context: AppendContext,
  ) {
    super();
  }
}
