import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScormRollup } from '../../domain/index.js';
import type { ScormContent } from '../shared/scorm.js';

/** POST /user-store/scorm-content/:id: the package commits its run-time data (cmi.*). */
export class SaveScormContentCommand extends Command<CommandOutcome<ScormContent>> {
  constructor(
    readonly principal: Principal,
    readonly scormId: string,
    readonly cmi: Record<string, string>,
    readonly context: AppendContext,
    /** a multi-SCO package: the SCO, the course's roll-up and the sequencing state; the revision the player was given (issue 27) */
    readonly sco: { scoId?: string; rollup?: ScormRollup; sequencing?: string; revision?: number } = {},
  ) {
    super();
  }
}
