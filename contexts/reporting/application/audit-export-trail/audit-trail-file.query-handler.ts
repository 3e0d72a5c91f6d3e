import { Readable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { stringify } from 'csv-stringify';
import { toAuditedEvent, type LogAudit } from '@portal/eventstore';
import { LOG_AUDIT, PROJECTIONS, safeCell } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { subjectEvents } from '@portal/projection-audit-subjects';
import { AUDIT_TRAIL_CSV_COLUMNS, type AuditTimelineEvent } from '../../contracts/index.js';
import { auditReader, requireLogAudit } from '../shared/audit-index.js';
import type { RecordedTrailExport } from './audit-export-trail.command.js';
import { AuditTrailFileQuery } from './audit-trail-file.query.js';

const PAGE = 500;
export const AUDIT_TRAIL_FORMAT = 'portal-audit-trail/1';

/**
 * The trail's file (ADR 0071): pages of 500 events in global order up to where the recorded
 * export ends, read from the log and written out before the next page is read. CSV (header row,
 * UTF-8 with a BOM, spreadsheet-safe cells, the data as JSON in one column) or JSON (the export's
 * record, then the events).
 */
@QueryHandler(AuditTrailFileQuery)
export class AuditTrailFileHandler implements IQueryHandler<AuditTrailFileQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
  ) {}

  async execute({ recorded, format }: AuditTrailFileQuery): Promise<Readable> {
    const events = this.events(recorded);
    if (format === 'json') return Readable.from(jsonChunks(recorded, events));
    const csv = stringify({ header: true, columns: [...AUDIT_TRAIL_CSV_COLUMNS], bom: true });
    const rows = Readable.from(
      (async function* () {
        for await (const e of events) yield AUDIT_TRAIL_CSV_COLUMNS.map((c) => safeCell(c === 'data' ? JSON.stringify(e.data) : e[c]));
      })(),
    );
    rows.on('error', (error) => csv.destroy(error));
    return rows.pipe(csv);
  }

  private async *events(recorded: RecordedTrailExport): AsyncGenerator<AuditTimelineEvent> {
    const logAudit = requireLogAudit(this.logAudit);
    if (!recorded.upTo) return;
    const audit = auditReader(this.projections);
    let after: { transactionId: bigint; position: bigint } | undefined;
    for (;;) {
      const refs = await subjectEvents(audit, recorded.keys, { after, upTo: recorded.upTo }, PAGE);
      if (refs.length === 0) return;
      for (const e of await logAudit.readAt(refs.map((r) => r.position))) yield toAuditedEvent(e);
      if (refs.length < PAGE) return;
      const last = refs.at(-1)!;
      after = { transactionId: last.transactionId, position: last.position };
    }
  }
}

async function* jsonChunks(recorded: RecordedTrailExport, events: AsyncGenerator<AuditTimelineEvent>): AsyncGenerator<string> {
  const head = { format: AUDIT_TRAIL_FORMAT, exportId: recorded.exportId, exportedAt: recorded.exportedAt, subject: recorded.subject, eventCount: recorded.events };
  yield `${JSON.stringify(head).slice(0, -1)},"events":[`;
  let first = true;
  for await (const e of events) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(e)}`;
    first = false;
  }
  yield '\n]}\n';
}
