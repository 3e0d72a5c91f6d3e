import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { AuditSubjectParams, AuditTimeline, AuditTimelineQuery } from '../../contracts/index.js';

export class AuditSubjectTimelineQuery extends Query<AuditTimeline> {
  constructor(
    readonly subject: AuditSubjectParams,
    readonly page: AuditTimelineQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
