import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { z } from 'zod';
import type { Company, updateCompanyRequestSchema } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class UpdateCompanyCommand extends Command<CommandOutcome<Company>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly companyId: string,
    readonly changes: z.output<typeof updateCompanyRequestSchema>,
    readonly context: AppendContext,
  ) {
    super();
  }
}
