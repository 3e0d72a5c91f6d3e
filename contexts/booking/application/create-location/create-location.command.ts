import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { Location, LocationDefinitionBody } from '../../contracts/index.js';

export class CreateLocationCommand extends Command<CommandOutcome<Location>> {
  constructor(
    readonly input: LocationDefinitionBody,
    readonly context: AppendContext,
  ) {
    super();
  }
}
