import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';
import type { UploadedFile } from './material-upload.js';

export class UploadMaterialsCommand extends Command<CommandOutcome<ScheduledEvent>> {
  constructor(
    readonly eventId: string,
    readonly files: UploadedFile[],
    readonly context: AppendContext,
  ) {
    super();
  }
}
