import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public, ZodParams } from '@portal/platform';
import type { z } from 'zod';
import { certificateVerifyParamsSchema } from '../../contracts/index.js';
import { VerifyCertificateQuery } from './verify-certificate.query.js';

/** GET /certificates/verify/:code: public (the QR code's page calls it). */
@Controller('certificates')
export class VerifyCertificateController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('verify/:code')
  @Public()
  verify(@ZodParams(certificateVerifyParamsSchema) p: z.infer<typeof certificateVerifyParamsSchema>) {
    return this.queries.execute(new VerifyCertificateQuery(p.code));
  }
}
