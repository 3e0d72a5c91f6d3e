import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { certificatesQuerySchema } from '../../contracts/index.js';
import { ListCertificatesQuery } from './list-certificates.query.js';

/** 000 §7 GET /user-certificates?cropId: the caller's crop certificates (honours x-min-position). */
@Controller('user-certificates')
export class ListCertificatesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @Authorized()
  list(@ZodQuery(certificatesQuerySchema) q: z.infer<typeof certificatesQuerySchema>, @CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new ListCertificatesQuery(requireUser(req.principal).userId, q.cropId, req));
  }
}
