import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { Company, CompanyDomainsRequest } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class ChangeCompanyDomainsCommand extends Command<CommandOutcome<Company>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly companyId: string,
    readonly input: CompanyDomainsRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
