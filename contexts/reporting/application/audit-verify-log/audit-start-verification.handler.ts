import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuditVerification } from '../../contracts/index.js';
import { AuditVerificationRuns } from '../shared/audit-verification-runs.js';
import { AuditStartVerificationCommand } from './audit-start-verification.command.js';

/** POST /api/audit/verifications (ADR 0071): one run at a time per installation; it goes on after the answer. */
@CommandHandler(AuditStartVerificationCommand)
export class AuditStartVerificationHandler implements ICommandHandler<AuditStartVerificationCommand> {
  constructor(@Inject(AuditVerificationRuns) private readonly runs: AuditVerificationRuns) {}

  execute({ auditorId }: AuditStartVerificationCommand): Promise<AuditVerification> {
    return this.runs.start(auditorId);
  }
}
