import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome, PortalRequest } from '@portal/platform';
import type { SubjectKey } from '@portal/projection-audit-subjects';
import type { AuditSubjectParams, AuditSubjectRef, AuditTrailFormat } from '../../contracts/index.js';

export interface RecordedTrailExport {
  exportId: string;
  exportedAt: string;
  subject: AuditSubjectRef;
  keys: SubjectKey[];
  events: number;
  /** where the exported trail ends: the file holds exactly the recorded number of events */
  upTo: { transactionId: bigint; position: bigint } | null;
}

/** Record that an auditor takes a subject's trail (AuditTrailExported), before the file is written. */
export class AuditExportTrailCommand extends Command<CommandOutcome<RecordedTrailExport>> {
  constructor(
    readonly auditorId: string,
    readonly subject: AuditSubjectParams,
    readonly format: AuditTrailFormat,
    readonly req: PortalRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
