import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import { auditSubjectParamsSchema, auditTimelineQuerySchema, type AuditSubjectParams, type AuditTimeline, type AuditTimelineQuery } from '../../contracts/index.js';
import { AuditSubjectTimelineQuery } from './audit-subject-timeline.query.js';

/** Auditors only (ADR 0071). */
@Controller('audit/subjects')
export class AuditSubjectTimelineController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':kind/:id/timeline')
  @Authorized({ roles: ['auditor'] })
  timeline(@ZodParams(auditSubjectParamsSchema) params: AuditSubjectParams, @ZodQuery(auditTimelineQuerySchema) q: AuditTimelineQuery, @CurrentRequest() req: PortalRequest): Promise<AuditTimeline> {
    return this.queries.execute(new AuditSubjectTimelineQuery(params, q, req));
  }
}
