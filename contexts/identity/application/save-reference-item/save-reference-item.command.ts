import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { z } from 'zod';
import type { ReferenceItem, ReferenceList, saveReferenceItemRequestSchema } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class SaveReferenceItemCommand extends Command<CommandOutcome<ReferenceItem>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly list: ReferenceList,
    readonly input: z.output<typeof saveReferenceItemRequestSchema>,
    readonly context: AppendContext,
  ) {
    super();
  }
}
