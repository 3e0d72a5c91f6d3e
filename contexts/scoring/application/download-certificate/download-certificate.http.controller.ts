import { Controller, Get, Inject, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { certificateDownloadParamsSchema, certificateDownloadQuerySchema } from '../../contracts/index.js';
import { DownloadCertificateQuery } from './download-certificate.query.js';

/** A file answer: the raw reply carries the PDF and its headers (ADR 0009 §3 exception). */
interface PdfReply {
  header(name: string, value: string): PdfReply;
  send(payload: unknown): unknown;
}

/** 000 §7 GET /user-certificates/download/{certificateId}?cropId&lang: the caller's certificate as a PDF. */
@Controller('user-certificates')
export class DownloadCertificateController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('download/:certificateId')
  @Authorized()
  async download(
    @ZodParams(certificateDownloadParamsSchema) p: z.infer<typeof certificateDownloadParamsSchema>,
    @ZodQuery(certificateDownloadQuerySchema) q: z.infer<typeof certificateDownloadQuerySchema>,
    @CurrentRequest() req: PortalRequest,
    @Res() reply: PdfReply,
  ): Promise<void> {
    const { pdf, filename } = await this.queries.execute(new DownloadCertificateQuery(requireUser(req.principal), p.certificateId, q.cropId, q.lang, req));
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  }
}
