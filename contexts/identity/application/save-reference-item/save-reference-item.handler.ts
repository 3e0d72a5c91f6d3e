import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, loadState, type CommandOutcome } from '@portal/platform';
import { referenceStream, REFERENCE_PARENTS, type ReferenceItem } from '../../contracts/index.js';
import { activeItemIds, referenceListDecider } from '../../domain/index.js';
import { referenceItemOf } from '../shared/reference-writes.js';
import { SaveReferenceItemCommand } from './save-reference-item.command.js';

/** POST /manage-users/reference-data/{list}: adds an item (a new id) or changes one; a parent must be an active item of its list. */
@CommandHandler(SaveReferenceItemCommand)
export class SaveReferenceItemHandler implements ICommandHandler<SaveReferenceItemCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, list, input, context }: SaveReferenceItemCommand): Promise<CommandOutcome<ReferenceItem>> {
    const itemId = input.itemId ?? newId();
    const parent = REFERENCE_PARENTS[list];
    const parentIds = parent ? activeItemIds((await loadState(this.store, referenceStream(parent.list), referenceListDecider)).state) : null;
    const { state, result } = await handleCommand(
      this.store,
      referenceStream(list),
      referenceListDecider,
      { type: 'SaveReferenceItem', data: { list, itemId, labels: input.labels, parentId: input.parentId, other: input.other, parentIds, by: principal.userId, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: referenceItemOf(list, itemId, state), checkpoint: result?.checkpoint ?? null };
  }
}
