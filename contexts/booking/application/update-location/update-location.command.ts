import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { Location, LocationUpdateBody } from '../../contracts/index.js';

export class UpdateLocationCommand extends Command<CommandOutcome<Location>> {
  constructor(
    readonly locationId: string,
    readonly changes: LocationUpdateBody,
    readonly context: AppendContext,
  ) {
    super();
  }
}
