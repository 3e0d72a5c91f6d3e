import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { referenceStream, type ReferenceItem } from '../../contracts/index.js';
import { referenceListDecider } from '../../domain/index.js';
import { referenceItemOf } from '../shared/reference-writes.js';
import { RetireReferenceItemCommand } from './retire-reference-item.command.js';

/** DELETE /manage-users/reference-data/{list}/{itemId}: the item leaves the options (users keep their value); 404 for an unknown one. */
@CommandHandler(RetireReferenceItemCommand)
export class RetireReferenceItemHandler implements ICommandHandler<RetireReferenceItemCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, list, itemId, context }: RetireReferenceItemCommand): Promise<CommandOutcome<ReferenceItem>> {
    const { state, result } = await handleCommand(
      this.store,
      referenceStream(list),
      referenceListDecider,
      { type: 'RetireReferenceItem', data: { list, itemId, by: principal.userId, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: referenceItemOf(list, itemId, state), checkpoint: result?.checkpoint ?? null };
  }
}
