import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { auditedPrivacyPageSchema } from '../../../contracts/index.js';
import { AuditedRequestsQuery } from './audited-requests.query.js';

@Controller('audit/privacy-requests')
export class AuditedRequestsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @Authorized({ roles: ['auditor'] })
  list(@CurrentRequest() req: PortalRequest): Promise<z.infer<typeof auditedPrivacyPageSchema>> {
    return this.queries.execute(new AuditedRequestsQuery(req));
  }
}
