import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ImportUsersQuery, ImportUsersResponse } from '../../contracts/index.js';

export class ImportUsersCommand extends Command<CommandOutcome<ImportUsersResponse>> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly options: ImportUsersQuery,
    /** the CSV file's bytes */
    readonly file: Buffer,
    readonly context: AppendContext,
  ) {
    super();
  }
}
