import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import { auditFindQuerySchema, type AuditFindQuery, type AuditFindResponse } from '../../contracts/index.js';
import { AuditFindSubjectsQuery } from './audit-find-subjects.query.js';

/** Auditors only (ADR 0071). */
@Controller('audit')
export class AuditFindSubjectsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('find')
  @Authorized({ roles: ['auditor'] })
  find(@ZodQuery(auditFindQuerySchema) q: AuditFindQuery, @CurrentRequest() req: PortalRequest): Promise<AuditFindResponse> {
    return this.queries.execute(new AuditFindSubjectsQuery(q, req));
  }
}
