import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { checkpointFromString, toAuditedEvent, type EventStore, type LogAudit } from '@portal/eventstore';
import type { Database } from '@portal/database';
import { APP_CONFIG, DATABASE, EVENT_STORE, LOG_AUDIT, PROJECTIONS, latestWholeLogVerification, verifySealedStreams, waitForReads, type AppConfig } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { subjectEvents, subjectFacets } from '@portal/projection-audit-subjects';
import type { AuditTimeline } from '../../contracts/index.js';
import { auditReader, requireLogAudit } from '../shared/audit-index.js';
import { resolveSubject } from '../shared/audit-subjects.js';
import { answerDetail, answerLabel, AnswerWords } from '../shared/audit-answers.js';
import { answerById } from '@portal/projection-audit-subjects';
import { withScormAttempts } from '../shared/audit-scorm.js';
import { AuditSubjectTimelineQuery } from './audit-subject-timeline.query.js';

/**
 * GET /api/audit/subjects/:kind/:id/timeline (ADR 0071): a page of every event that concerns the
 * subject, across streams, in the log's global order (the audit-subjects index gives the
 * positions, the log the stored events), each stream of the page verified as `audit verify <stream>`
 * does (its chain, then its events against the checkpoints that sealed them; ADR 0083);
 * the first page also counts the trail by stream and type (the screen's filters).
 */
@QueryHandler(AuditSubjectTimelineQuery)
export class AuditSubjectTimelineHandler implements IQueryHandler<AuditSubjectTimelineQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
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
    const words = new AnswerWords(this.store, logAudit, this.projections, page.lang);
    // a learner's SCORM commits read with their course, interactions and objectives (issue 27)
    const timeline = await withScormAttempts(events.map(toAuditedEvent), events, words);
    const [streams, lastWholeLog] = await Promise.all([
      verifySealedStreams(this.store, logAudit, this.config, [...new Set(timeline.map((e) => e.streamId))].sort()),
      latestWholeLogVerification(this.database),
    ]);
    // an answer's heading and its words (issue 26 item 8, ADR 0083)
    const row = kind === 'answer' ? await answerById(audit, id) : undefined;
    const answer = row ? await words.answerOf(row) : null;
    if (answer) Object.assign(subject, { label: answerLabel(answer), detail: answerDetail(answer) });
    const last = shown.at(-1);
    return { subject, answer, events: timeline, streams, lastWholeLog, next: more && last ? `${last.transactionId}.${last.position}` : null, facets };
  }
}
