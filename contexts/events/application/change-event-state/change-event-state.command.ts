import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';

export type EventStateChange = { to: 'published' } | { to: 'canceled'; reason: string | null } | { to: 'finished' };

export class ChangeEventStateCommand extends Command<CommandOutcome<ScheduledEvent>> {
  constructor(
    readonly eventId: string,
    readonly change: EventStateChange,
    readonly context: AppendContext,
  ) {
    super();
  }
}
