import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ActionMode } from '../../contracts/index.js';

export class ApplyActionCodeCommand extends Command<CommandOutcome<{ mode: ActionMode; email: string }>> {
  constructor(readonly mode: ActionMode, readonly oobCode: string, readonly newPassword: string | null, readonly context: AppendContext) {
    super();
  }
}
