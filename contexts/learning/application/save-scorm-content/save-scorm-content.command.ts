import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScormContent } from '../shared/scorm.js';

/** POST /user-store/scorm-content/:id: the package commits its run-time data (cmi.*). */
export class SaveScormContentCommand extends Command<CommandOutcome<ScormContent>> {
  constructor(
    readonly principal: Principal,
    readonly scormId: string,
    readonly cmi: Record<string, string>,
    readonly context: AppendContext,
  ) {
    super();
  }
}
