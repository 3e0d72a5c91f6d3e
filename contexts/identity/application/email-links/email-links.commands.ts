import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { ActionMode } from '../../contracts/events.js';

export class SendEmailVerificationCommand extends Command<CommandOutcome<{ sentAt: string }>> {
  constructor(readonly userId: string, readonly lang: Locale | null, readonly context: AppendContext) {
    super();
  }
}
export class SendPasswordResetCommand extends Command<void> {
  constructor(readonly email: string, readonly lang: Locale | null, readonly context: AppendContext) {
    super();
  }
}
export class CheckActionCodeCommand extends Command<{ mode: ActionMode; email: string }> {
  constructor(readonly mode: ActionMode, readonly oobCode: string) {
    super();
  }
}
export class ApplyActionCodeCommand extends Command<CommandOutcome<{ mode: ActionMode; email: string }>> {
  constructor(readonly mode: ActionMode, readonly oobCode: string, readonly newPassword: string | null, readonly context: AppendContext) {
    super();
  }
}
