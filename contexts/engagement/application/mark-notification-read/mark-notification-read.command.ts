import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class MarkNotificationReadCommand extends Command<CommandOutcome<void>> {
  constructor(
    readonly userId: string,
    readonly notificationId: string,
    readonly clientTime: number | null,
    readonly context: AppendContext,
  ) {
    super();
  }
}
