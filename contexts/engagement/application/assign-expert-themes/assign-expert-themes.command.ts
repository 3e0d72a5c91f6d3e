import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ExpertAssignment } from '../../contracts/index.js';

export class AssignExpertThemesCommand extends Command<CommandOutcome<ExpertAssignment>> {
  constructor(
    readonly by: string,
    readonly userId: string,
    readonly themeIds: readonly string[],
    readonly context: AppendContext,
  ) {
    super();
  }
}
