import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ChangeSource, PublicBooking } from '../../contracts/index.js';

export class ConfirmByLinkCommand extends Command<CommandOutcome<PublicBooking>> {
  constructor(
    readonly token: string,
    readonly source: Omit<ChangeSource, 'channel' | 'linkHash'>,
    readonly context: AppendContext,
  ) {
    super();
  }
}
