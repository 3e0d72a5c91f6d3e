import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore, LogAudit } from '@portal/eventstore';
import { isUuid, isoOrNull } from '@portal/kernel';
import { EVENT_STORE, LOG_AUDIT, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findAnswers, findBookings, findCertificates, subjectKnown } from '@portal/projection-audit-subjects';
import { findDirectoryUsers, findUserById } from '@portal/projection-users';
import type { AuditFindResponse, AuditSubject } from '../../contracts/index.js';
import { auditReader, requireLogAudit } from '../shared/audit-index.js';
import { usersReader } from '../shared/audit-subjects.js';
import { answerDetail, answerLabel, AnswerWords } from '../shared/audit-answers.js';
import { AuditFindSubjectsQuery } from './audit-find-subjects.query.js';

const FOUND = 50;

/**
 * GET /api/audit/find (ADR 0071): users by name, e-mail or id (the users projection's directory
 * search, every company: the auditor is not company-scoped); bookings by id or visitor; answers
 * of every kind (station, media, NPS, event quiz, public survey) by row id, event id or learner,
 * worded in the auditor's language (ADR 0083); certificates by id or holder.
 */
@QueryHandler(AuditFindSubjectsQuery)
export class AuditFindSubjectsHandler implements IQueryHandler<AuditFindSubjectsQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ find, req }: AuditFindSubjectsQuery): Promise<AuditFindResponse> {
    requireLogAudit(this.logAudit);
    await waitForReads(this.projections, req, ['users', 'audit-subjects']);
    const { kind, q } = find;
    const audit = auditReader(this.projections);
    switch (kind) {
      case 'user':
        return { subjects: await this.users(q) };
      case 'booking':
        return {
          subjects: (await findBookings(audit, q)).map((b) => ({
            kind,
            id: b.booking_id,
            label: b.visitor_name ?? b.booking_id,
            detail: [b.visitor_email, b.date && `${b.date} ${b.time ?? ''}`.trim()].filter(Boolean).join(' · ') || null,
            at: b.requested_at,
          })),
        };
      case 'answer': {
        const learners = isUuid(q) ? [q] : (await this.users(q)).map((u) => u.id);
        const rows = await findAnswers(audit, { id: q, userIds: learners });
        // in words, in the auditor's language (issue 26 item 8, ADR 0083)
        const words = new AnswerWords(this.store, requireLogAudit(this.logAudit), this.projections, find.lang);
        const answers = await Promise.all(rows.map((a) => words.answerOf(a)));
        return { subjects: rows.map((a, i) => ({ kind, id: a.row_id, label: answerLabel(answers[i]!), detail: answerDetail(answers[i]!), at: a.answered_at })) };
      }
      case 'certificate': {
        const holders = isUuid(q) ? [q] : (await this.users(q)).map((u) => u.id);
        const rows = await findCertificates(audit, { id: q, userIds: holders, name: q });
        return { subjects: rows.map((c) => ({ kind, id: c.certificate_id, label: c.title, detail: c.holder_name ?? c.user_id, at: c.issued_at })) };
      }
      default: {
        const never: never = kind;
        return never;
      }
    }
  }

  /** Users by id (also one the directory no longer lists: a deleted pre-registration) or by name and e-mail. */
  private async users(q: string): Promise<AuditSubject[]> {
    const users = usersReader(this.projections);
    if (isUuid(q)) {
      const row = await findUserById(users, q);
      if (row) return [{ kind: 'user', id: row.user_id, label: row.name ?? row.email, detail: row.email, at: isoOrNull(row.created_at) }];
      return (await subjectKnown(auditReader(this.projections), 'user', q)) ? [{ kind: 'user', id: q, label: q, detail: null, at: null }] : [];
    }
    const { rows } = await findDirectoryUsers(users, { text: q }, { sort: 'name', order: 'asc', limit: FOUND });
    return rows.map((r) => ({ kind: 'user', id: r.user_id, label: r.name ?? r.email, detail: r.email, at: isoOrNull(r.created_at) }));
  }
}
