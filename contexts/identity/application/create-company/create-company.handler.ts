import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, PROJECTIONS, handleCommand, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { companyStream, type Company } from '../../contracts/index.js';
import { companyDecider } from '../../domain/index.js';
import { companyOf, domainsHeldElsewhere } from '../shared/company-writes.js';
import { CreateCompanyCommand } from './create-company.command.js';

/** POST /manage-users/company: registers a company with its domains (none another company holds). */
@CommandHandler(CreateCompanyCommand)
export class CreateCompanyHandler implements ICommandHandler<CreateCompanyCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, input, context }: CreateCompanyCommand): Promise<CommandOutcome<Company>> {
    const companyId = newId();
    const domainsOfOthers = await domainsHeldElsewhere(this.store, this.projections, input.domains, companyId);
    const { state, result } = await handleCommand(
      this.store,
      companyStream(companyId),
      companyDecider,
      { type: 'RegisterCompany', data: { ...input, companyId, domainsOfOthers, by: principal.userId, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: companyOf(state), checkpoint: result?.checkpoint ?? null };
  }
}
