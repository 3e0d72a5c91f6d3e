import { Command } from '@nestjs/cqrs';
import type { AuditVerification } from '../../contracts/index.js';

/** Start a whole-log verification (`audit verify --all`) from the auditor's screen. */
export class AuditStartVerificationCommand extends Command<AuditVerification> {
  constructor(readonly auditorId: string) {
    super();
  }
}
