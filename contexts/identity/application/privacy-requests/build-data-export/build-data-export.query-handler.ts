import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import yazl from 'yazl';
import type { Kysely } from 'kysely';
import { toAuditedEvent, type AuditedEvent, type EventStore, type LogAudit } from '@portal/eventstore';
import { AppError } from '@portal/kernel';
import { EVENT_STORE, LOG_AUDIT, PROJECTIONS, loadState } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { subjectEvents, subjectKeysOf, type AuditSubjectsDB } from '@portal/projection-audit-subjects';
import { privacyStream, userStream } from '../../../contracts/index.js';
import { privacyDecider } from '../../../domain/index.js';
import { readUserData } from '../../shared/user-data.js';
import { BuildDataExportQuery, type BuiltDataExport } from './build-data-export.query.js';
import { exportSummaryHtml } from './export-summary.js';

const PAGE = 500;
export const DATA_EXPORT_FORMAT = 'portal-data-export/1';

/**
 * Everything the portal holds about a subject (ADR 0092), as a ZIP: profile.json (the profile as
 * the portal shows it), privacy.json (requests, holds' existence is not the subject's data to
 * see, consents), events.json (every event of the subject in global order: the auditor's index
 * of the whole log, read back from the log with secrets redacted) and index.html, a readable
 * summary in the subject's language. Without the sealed log's reader (EventStoreDB) the events
 * are those of the subject's own streams.
 */
@QueryHandler(BuildDataExportQuery)
export class BuildDataExportHandler implements IQueryHandler<BuildDataExportQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
  ) {}

  async execute({ userId, requestId, locale, now }: BuildDataExportQuery): Promise<BuiltDataExport> {
    await this.projections.waitForHead('users');
    const profile = await readUserData(this.projections, userId).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    const events = await this.eventsOf(userId);
    const { state: privacy } = await loadState(this.store, privacyStream(userId), privacyDecider);
    const files: Record<string, string> = {
      'profile.json': JSON.stringify(profile, null, 2),
      'privacy.json': JSON.stringify({ requests: privacy.requests, consents: privacy.consents }, null, 2),
      'events.json': JSON.stringify({ format: DATA_EXPORT_FORMAT, requestId, subject: userId, generatedAt: now, eventCount: events.length, events }, null, 2),
      'index.html': exportSummaryHtml(locale, { now, profile, events }),
    };
    const zip = await zipOf(files, new Date(now));
    return { zip, events: events.length, sha256: createHash('sha256').update(zip).digest('hex') };
  }

  private async eventsOf(userId: string): Promise<AuditedEvent[]> {
    if (!this.logAudit) {
      const own = [...(await this.store.readStream(userStream(userId))), ...(await this.store.readStream(privacyStream(userId)))];
      return own.map(toAuditedEvent);
    }
    await this.projections.waitForHead('audit-subjects');
    const reader = this.projections.reader('audit-subjects') as Kysely<AuditSubjectsDB>;
    const keys = await subjectKeysOf(reader, 'user', userId);
    const out: AuditedEvent[] = [];
    let after: { transactionId: bigint; position: bigint } | undefined;
    for (;;) {
      const refs = await subjectEvents(reader, keys, { after }, PAGE);
      for (const e of await this.logAudit.readAt(refs.map((r) => r.position))) out.push(toAuditedEvent(e));
      if (refs.length < PAGE) return out;
      const last = refs.at(-1)!;
      after = { transactionId: last.transactionId, position: last.position };
    }
  }
}

function zipOf(files: Record<string, string>, mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content, 'utf8'), name, { mtime });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}
