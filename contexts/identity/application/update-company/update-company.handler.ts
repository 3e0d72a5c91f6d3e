import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, loadState, type CommandOutcome } from '@portal/platform';
import { companyStream, type Company } from '../../contracts/index.js';
import { companyDecider } from '../../domain/index.js';
import { companyOf } from '../shared/company-writes.js';
import { UpdateCompanyCommand } from './update-company.command.js';

/** PUT /manage-users/company/{id}: changes a company's fields (CompanyUpdated names only what changed). */
@CommandHandler(UpdateCompanyCommand)
export class UpdateCompanyHandler implements ICommandHandler<UpdateCompanyCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, companyId, changes, context }: UpdateCompanyCommand): Promise<CommandOutcome<Company>> {
    if (!(await loadState(this.store, companyStream(companyId), companyDecider)).exists) throw new AppError('404');
    const { state, result } = await handleCommand(
      this.store,
      companyStream(companyId),
      companyDecider,
      { type: 'UpdateCompany', data: { ...changes, by: principal.userId, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: companyOf(state), checkpoint: result?.checkpoint ?? null };
  }
}
