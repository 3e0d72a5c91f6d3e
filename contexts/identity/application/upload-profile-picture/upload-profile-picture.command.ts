import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class UploadProfilePictureCommand extends Command<CommandOutcome<{ profilePicture: string }>> {
  constructor(readonly userId: string, readonly bytes: Buffer, readonly context: AppendContext) {
    super();
  }
}
