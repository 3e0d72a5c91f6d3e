import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { requireUser } from '@portal/platform';
import { isEventsStaff } from '../shared/access.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { MaterialStore } from '../shared/material-store.js';
import { DownloadMaterialQuery, type MaterialFile } from './download-material.query.js';

/** A material's bytes: for staff, and for the people on the event's list (404 for anyone else, like an unknown id). */
@QueryHandler(DownloadMaterialQuery)
export class DownloadMaterialHandler implements IQueryHandler<DownloadMaterialQuery> {
  constructor(
    @Inject(MaterialStore) private readonly materials: MaterialStore,
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
  ) {}

  async execute({ materialId, req }: DownloadMaterialQuery): Promise<MaterialFile> {
    const user = requireUser(req.principal);
    const material = await this.materials.find(materialId);
    if (!material) throw new AppError('404');
    const state = await this.writer.load(material.eventId);
    if (!state || !state.materials.has(materialId)) throw new AppError('404');
    const onTheList = (state.attendees.get(user.userId)?.status ?? 'withdrawn') !== 'withdrawn';
    if (!isEventsStaff(user.roles) && !(onTheList && state.status !== 'draft')) throw new AppError('404');
    const bytes = await this.materials.bytes(materialId);
    if (!bytes) throw new AppError('404');
    return { fileName: material.fileName, contentType: material.contentType, bytes };
  }
}
