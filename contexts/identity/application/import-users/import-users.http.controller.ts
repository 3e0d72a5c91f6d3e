import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodQuery, type CommandOutcome } from '@portal/platform';
import { importUsersQuerySchema, type ImportUsersQuery, type ImportUsersResponse } from '../../contracts/index.js';
import type { MultipartRequest } from '../shared/multipart.js';
import { readImportUpload } from './csv-file.js';
import { ImportUsersCommand } from './import-users.command.js';

/**
 * POST /manage-users/import (ADR 0055): signed-in managers; the handler answers 403 to anyone
 * without a manager scope and company-invalid for a company outside it, as the upsert does.
 * The events are recorded with origin `import`.
 */
@Controller('manage-users')
export class ImportUsersController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('import')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  async import(@ZodQuery(importUsersQuerySchema) query: ImportUsersQuery, @CurrentRequest() req: MultipartRequest): Promise<CommandOutcome<ImportUsersResponse>> {
    const principal = requireUser(req.principal);
    const file = await readImportUpload(req);
    return this.commands.execute(new ImportUsersCommand(principal, query, file, { ...appendContextOf(req), origin: 'import' }));
  }
}
