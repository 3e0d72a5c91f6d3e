import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScormPublished } from '../../contracts/index.js';

/** POST /manager/scorm-packages/:packageId/publish: an uploaded package into a station. */
export class PublishScormPackageCommand extends Command<CommandOutcome<ScormPublished>> {
  constructor(
    readonly packageId: string,
    readonly stationId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
