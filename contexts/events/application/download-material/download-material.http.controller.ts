import { Controller, Get, Inject, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import { materialParamsSchema } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { DownloadMaterialQuery, type MaterialFile } from './download-material.query.js';

/** The file answer sets its own headers, so this route keeps the raw reply (ADR 0009 §3). */
interface FileReply {
  header(name: string, value: string): unknown;
}

/** Download a material: staff and the event's attendees (not the auditor). */
@Controller('scheduledEvents')
export class DownloadMaterialController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('materials/:id')
  @EventsArea('attendee')
  async download(@ZodParams(materialParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: FileReply): Promise<Buffer> {
    const file: MaterialFile = await this.queries.execute(new DownloadMaterialQuery(params.id, req));
    reply.header('content-type', file.contentType);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    return file.bytes;
  }
}
