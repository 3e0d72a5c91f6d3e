import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { AppError, type Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, loadState } from '@portal/platform';
import { privacyStream } from '../../../contracts/index.js';
import { privacyDecider } from '../../../domain/index.js';
import { DataExportStore } from '../data-export-store.js';
import { ExportFileQuery } from './export-file.query.js';

/**
 * Only the subject downloads their export: the request is looked up in the caller's own privacy
 * stream, so another user's request id is unknown here (404, like an id that never existed).
 * After the link's end (or once the file is gone) expired-action-code.
 */
@QueryHandler(ExportFileQuery)
export class ExportFileHandler implements IQueryHandler<ExportFileQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DataExportStore) private readonly files: DataExportStore,
  ) {}

  async execute({ userId, requestId }: ExportFileQuery): Promise<Buffer> {
    const { state } = await loadState(this.store, privacyStream(userId), privacyDecider);
    const request = state.requests[requestId];
    if (!request || request.kind !== 'export' || request.status !== 'honoured' || !request.fileId || !request.expiresAt) throw new AppError('404');
    if (this.clock.now().toISOString() >= request.expiresAt) throw new AppError('expired-action-code');
    const file = await this.files.get(request.fileId);
    if (!file || file.userId !== userId) throw new AppError('expired-action-code');
    return file.bytes;
  }
}
