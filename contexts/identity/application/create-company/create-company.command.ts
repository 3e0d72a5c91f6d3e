import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { z } from 'zod';
import type { Company, createCompanyRequestSchema } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class CreateCompanyCommand extends Command<CommandOutcome<Company>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly input: z.output<typeof createCompanyRequestSchema>,
    readonly context: AppendContext,
  ) {
    super();
  }
}
