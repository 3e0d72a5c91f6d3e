import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { UpdateUserProfileRequest, UserData } from '../../contracts/index.js';

export class UpdateUserProfileCommand extends Command<CommandOutcome<UserData>> {
  constructor(readonly userId: string, readonly input: UpdateUserProfileRequest, readonly context: AppendContext) {
    super();
  }
}
