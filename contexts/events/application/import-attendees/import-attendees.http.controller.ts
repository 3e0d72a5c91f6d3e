import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodQuery, type CommandOutcome } from '@portal/platform';
import { importAttendeesQuerySchema, type ImportAttendeesQuery, type ImportAttendeesResponse } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { readImportUpload, type ImportUploadRequest } from '../shared/import-file.js';
import { ImportAttendeesCommand } from './import-attendees.command.js';

/** 001 §2 /scheduled-events/import-users: POST /scheduledEvents/import-users, tc_admin of Brazil; recorded with origin `import`. */
@Controller('scheduledEvents')
export class ImportAttendeesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('import-users')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  async import(@ZodQuery(importAttendeesQuerySchema) query: ImportAttendeesQuery, @CurrentRequest() req: ImportUploadRequest): Promise<CommandOutcome<ImportAttendeesResponse>> {
    const upload = await readImportUpload(req);
    return this.commands.execute(new ImportAttendeesCommand(upload, query, { ...appendContextOf(req), origin: 'import' }));
  }
}
