import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScanResult } from '../../contracts/index.js';

export class ScanCodeCommand extends Command<CommandOutcome<ScanResult>> {
  constructor(
    readonly code: string,
    readonly userId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
