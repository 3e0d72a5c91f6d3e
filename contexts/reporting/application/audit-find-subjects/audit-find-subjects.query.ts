import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { AuditFindQuery, AuditFindResponse } from '../../contracts/index.js';

export class AuditFindSubjectsQuery extends Query<AuditFindResponse> {
  constructor(
    readonly find: AuditFindQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
