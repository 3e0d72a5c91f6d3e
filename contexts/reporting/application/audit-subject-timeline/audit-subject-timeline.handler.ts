import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { checkpointFromString, type EventStore, type LogAudit } from '@portal/eventstore';
import { EVENT_STORE, LOG_AUDIT, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { subjectEvents, subjectFacets } from '@portal/projection-audit-subjects';
import type { AuditTimeline } from '../../contracts/index.js';
import { auditReader, requireLogAudit } from '../shared/audit-index.js';
import { resolveSubject } from '../shared/audit-subjects.js';
import { chainsOf, timelineEventOf } from '../shared/audit-timeline-view.js';
import { AuditSubjectTimelineQuery } from './audit-subject-timeline.query.js';

/**
 * GET /api/audit/subjects/:kind/:id/timeline (ADR 0071): a page of every event that concerns the
 * subject, across streams, in the log's global order (the audit-subjects index gives the
 * positions, the log the stored events), each stream of the page with its hash chain recomputed;
 * the first page also counts the trail by stream and type (the screen's filters).
 */
@QueryHandler(AuditSubjectTimelineQuery)
export class AuditSubjectTimelineHandler implements IQueryHandler<AuditSubjectTimelineQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
  ) {}

  async execute({ subject: { kind, id }, page, req }: AuditSubjectTimelineQuery): Promise<AuditTimeline> {
    const logAudit = requireLogAudit(this.logAudit);
    await waitForReads(this.projections, req, ['users', 'audit-subjects']);
    const { subject, keys } = await resolveSubject(this.projections, kind, id);
    const audit = auditReader(this.projections);
    const after = page.after ? (checkpointFromString(page.after) ?? undefined) : undefined;
    const refs = await subjectEvents(audit, keys, { after, stream: page.stream, type: page.type }, page.limit + 1);
    const more = refs.length > page.limit;
    const shown = refs.slice(0, page.limit);
    const [events, facets] = await Promise.all([logAudit.readAt(shown.map((r) => r.position)), page.after ? null : subjectFacets(audit, keys)]);
    const timeline = events.map(timelineEventOf);
    const streams = await chainsOf(this.store, [...new Set(timeline.map((e) => e.streamId))].sort());
    const last = shown.at(-1);
    return { subject, events: timeline, streams, next: more && last ? `${last.transactionId}.${last.position}` : null, facets };
  }
}
