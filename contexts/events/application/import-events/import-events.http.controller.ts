import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodQuery, type CommandOutcome } from '@portal/platform';
import { importEventsQuerySchema, type ImportEventsQuery, type ImportEventsResponse } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { readImportUpload, type ImportUploadRequest } from '../shared/import-file.js';
import { ImportEventsCommand } from './import-events.command.js';

/** 001 §2 /scheduled-events/import: POST /scheduledEvents/import, tc_admin of Brazil; the events are recorded with origin `import`. */
@Controller('scheduledEvents')
export class ImportEventsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('import')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  async import(@ZodQuery(importEventsQuerySchema) query: ImportEventsQuery, @CurrentRequest() req: ImportUploadRequest): Promise<CommandOutcome<ImportEventsResponse>> {
    const upload = await readImportUpload(req);
    return this.commands.execute(new ImportEventsCommand(upload, query.dryRun, { ...appendContextOf(req), origin: 'import' }));
  }
}
