import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ReferenceItem, ReferenceList } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class RetireReferenceItemCommand extends Command<CommandOutcome<ReferenceItem>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly list: ReferenceList,
    readonly itemId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
