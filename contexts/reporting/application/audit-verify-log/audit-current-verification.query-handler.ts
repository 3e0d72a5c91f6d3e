import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuditVerification } from '../../contracts/index.js';
import { AuditVerificationRuns } from '../shared/audit-verification-runs.js';
import { AuditCurrentVerificationQuery } from './audit-current-verification.query.js';

/** GET /api/audit/verifications/current (ADR 0071): the running or the latest run, with its progress or result. */
@QueryHandler(AuditCurrentVerificationQuery)
export class AuditCurrentVerificationHandler implements IQueryHandler<AuditCurrentVerificationQuery> {
  constructor(@Inject(AuditVerificationRuns) private readonly runs: AuditVerificationRuns) {}

  execute(): Promise<AuditVerification | null> {
    return this.runs.current();
  }
}
