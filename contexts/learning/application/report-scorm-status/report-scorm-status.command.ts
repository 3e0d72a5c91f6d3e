import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScormProgress } from '../shared/scorm.js';

/** POST /scorms/progress: a package reports its status (completed/passed completes the entry). */
export class ReportScormStatusCommand extends Command<CommandOutcome<ScormProgress>> {
  constructor(
    readonly principal: Principal,
    readonly input: { scormId: string; status: string; score: number | null },
    readonly context: AppendContext,
  ) {
    super();
  }
}
