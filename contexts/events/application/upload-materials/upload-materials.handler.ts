import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, newId } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import { MATERIAL_TYPES, type ScheduledEvent } from '../../contracts/index.js';
import { EventAdmin } from '../shared/event-admin.js';
import { MaterialStore } from '../shared/material-store.js';
import { UploadMaterialsCommand } from './upload-materials.command.js';

/**
 * Files attached to a draft or published event: each type checked by content (not by name or the
 * declared type), the bytes stored beside the log first, then `MaterialAttached`; a refused
 * decision (an event canceled meanwhile) removes the bytes it stored.
 */
@CommandHandler(UploadMaterialsCommand)
export class UploadMaterialsHandler implements ICommandHandler<UploadMaterialsCommand> {
  constructor(
    @Inject(EventAdmin) private readonly admin: EventAdmin,
    @Inject(MaterialStore) private readonly materials: MaterialStore,
  ) {}

  async execute({ eventId, files, context }: UploadMaterialsCommand): Promise<CommandOutcome<ScheduledEvent>> {
    const typed = await Promise.all(files.map(async (f) => ({ ...f, type: (await fileTypeFromBuffer(f.bytes))?.mime })));
    const refused = typed.findIndex((f) => !f.type || !(MATERIAL_TYPES as readonly string[]).includes(f.type));
    if (refused >= 0) throw new AppError('app/bed-request', 'File type not accepted', [{ path: `files.${refused}`, message: 'fileType' }]);
    let outcome: CommandOutcome<ScheduledEvent> | null = null;
    for (const f of typed) {
      const material = { materialId: newId(), eventId, fileName: f.fileName, contentType: f.type!, size: f.bytes.length, sha256: createHash('sha256').update(f.bytes).digest('hex') };
      await this.materials.save(material, f.bytes);
      try {
        const { eventId: _, ...file } = material;
        outcome = await this.admin.run(eventId, (now, by) => ({ type: 'AttachMaterial', data: { ...file, now, by } }), context);
      } catch (error) {
        await this.materials.remove(material.materialId);
        throw error;
      }
    }
    return outcome!;
  }
}
