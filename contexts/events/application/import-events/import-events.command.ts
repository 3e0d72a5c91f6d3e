import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ImportEventsResponse } from '../../contracts/index.js';
import type { ImportUpload } from '../shared/import-file.js';

export class ImportEventsCommand extends Command<CommandOutcome<ImportEventsResponse>> {
  constructor(
    readonly upload: ImportUpload,
    readonly dryRun: boolean,
    readonly context: AppendContext,
  ) {
    super();
  }
}
