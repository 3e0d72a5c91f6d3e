import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore, LogAudit } from '@portal/eventstore';
import { newId, type Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, handleCommand, LOG_AUDIT, PROJECTIONS, waitForReads, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { subjectExtent } from '@portal/projection-audit-subjects';
import { auditExportStream } from '../../contracts/index.js';
import { auditExportDecider } from '../../domain/audit-trail.js';
import { auditReader, requireLogAudit, subjectKeys } from '../shared/audit-index.js';
import { AuditExportTrailCommand, type RecordedTrailExport } from './audit-export-trail.command.js';

/**
 * POST /api/audit/subjects/:kind/:id/exports (ADR 0071), the recording half: the trail as it
 * stands now (its size and where it ends) is recorded as AuditTrailExported on a stream of the
 * export's own; only then is the file written, so no trail leaves unrecorded.
 */
@CommandHandler(AuditExportTrailCommand)
export class AuditExportTrailHandler implements ICommandHandler<AuditExportTrailCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
  ) {}

  async execute({ auditorId, subject: ref, format, req, context }: AuditExportTrailCommand): Promise<CommandOutcome<RecordedTrailExport>> {
    requireLogAudit(this.logAudit);
    await waitForReads(this.projections, req, ['audit-subjects']);
    // the file holds the whole trail as the log stands: the index first catches up with the log's head
    await this.projections.waitForHead('audit-subjects');
    const keys = await subjectKeys(this.projections, ref.kind, ref.id);
    const subject = { kind: ref.kind, id: ref.id };
    const { events, last } = await subjectExtent(auditReader(this.projections), keys);
    const exportId = newId();
    const exportedAt = this.clock.now().toISOString();
    const { result } = await handleCommand(
      this.store,
      auditExportStream(exportId),
      auditExportDecider,
      { type: 'RecordTrailExport', exportId, subject: { kind: ref.kind, id: ref.id }, format, events, by: auditorId, exportedAt },
      context,
      { known: { state: auditExportDecider.initial(), revision: null } },
    );
    return { value: { exportId, exportedAt, subject, keys, events, upTo: last }, checkpoint: result?.checkpoint ?? null };
  }
}
