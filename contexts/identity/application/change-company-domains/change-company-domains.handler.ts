import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, PROJECTIONS, handleCommand, loadState, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { companyStream, type Company } from '../../contracts/index.js';
import { companyDecider } from '../../domain/index.js';
import { companyOf, domainsHeldElsewhere } from '../shared/company-writes.js';
import { ChangeCompanyDomainsCommand } from './change-company-domains.command.js';

/** PUT /manage-users/company/{id}/domains: the company's whole domain list and its invitation-only flag. */
@CommandHandler(ChangeCompanyDomainsCommand)
export class ChangeCompanyDomainsHandler implements ICommandHandler<ChangeCompanyDomainsCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, companyId, input, context }: ChangeCompanyDomainsCommand): Promise<CommandOutcome<Company>> {
    if (!(await loadState(this.store, companyStream(companyId), companyDecider)).exists) throw new AppError('404');
    const domainsOfOthers = await domainsHeldElsewhere(this.store, this.projections, input.domains, companyId);
    const { state, result } = await handleCommand(
      this.store,
      companyStream(companyId),
      companyDecider,
      { type: 'ChangeCompanyDomains', data: { ...input, domainsOfOthers, by: principal.userId, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: companyOf(state), checkpoint: result?.checkpoint ?? null };
  }
}
