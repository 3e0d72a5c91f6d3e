import { Controller, Get, Inject, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { requestParamsSchema } from '../../../contracts/index.js';
import { ExportFileQuery } from './export-file.query.js';

@Controller('privacy/exports')
export class ExportFileController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':requestId/file')
  @Authorized({ allowIncomplete: true })
  async file(@ZodParams(requestParamsSchema) params: z.infer<typeof requestParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<StreamableFile> {
    const bytes: Buffer = await this.queries.execute(new ExportFileQuery(requireUser(req.principal).userId, params.requestId));
    return new StreamableFile(bytes, { type: 'application/zip', disposition: `attachment; filename="my-data-${params.requestId}.zip"` });
  }
}
