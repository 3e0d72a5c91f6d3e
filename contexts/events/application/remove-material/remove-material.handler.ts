import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';
import { EventAdmin } from '../shared/event-admin.js';
import { MaterialStore } from '../shared/material-store.js';
import { RemoveMaterialCommand } from './remove-material.command.js';

/** 001 §7 DELETE /scheduledEvents/materials/{id}: `MaterialRemoved` on its event, then the bytes go. */
@CommandHandler(RemoveMaterialCommand)
export class RemoveMaterialHandler implements ICommandHandler<RemoveMaterialCommand> {
  constructor(
    @Inject(EventAdmin) private readonly admin: EventAdmin,
    @Inject(MaterialStore) private readonly materials: MaterialStore,
  ) {}

  async execute({ materialId, context }: RemoveMaterialCommand): Promise<CommandOutcome<ScheduledEvent>> {
    const material = await this.materials.find(materialId);
    if (!material) throw new AppError('404');
    const outcome = await this.admin.run(material.eventId, (now, by) => ({ type: 'RemoveMaterial', data: { materialId, now, by } }), context);
    await this.materials.remove(materialId);
    return outcome;
  }
}
