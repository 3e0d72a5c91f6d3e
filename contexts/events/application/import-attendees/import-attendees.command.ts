import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ImportAttendeesQuery, ImportAttendeesResponse } from '../../contracts/index.js';
import type { ImportUpload } from '../shared/import-file.js';

export class ImportAttendeesCommand extends Command<CommandOutcome<ImportAttendeesResponse>> {
  constructor(
    readonly upload: ImportUpload,
    readonly query: ImportAttendeesQuery,
    readonly context: AppendContext,
  ) {
    super();
  }
}
