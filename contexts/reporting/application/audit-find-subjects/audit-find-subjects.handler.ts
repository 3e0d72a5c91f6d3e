import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LogAudit } from '@portal/eventstore';
import { isUuid } from '@portal/kernel';
import { LOG_AUDIT, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findAnswers, findBookings, findCertificates, subjectKnown } from '@portal/projection-audit-subjects';
import { findDirectoryUsers, findUserById } from '@portal/projection-users';
import type { AuditFindResponse, AuditSubject } from '../../contracts/index.js';
import { auditReader, requireLogAudit } from '../shared/audit-index.js';
import { peopleOf, usersReader } from '../shared/audit-subjects.js';
import { AuditFindSubjectsQuery } from './audit-find-subjects.query.js';

const FOUND = 50;
const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/**
 * GET /api/audit/find (ADR 0071): users by name, e-mail or id (the users projection's directory
 * search, every company: the auditor is not company-scoped); bookings by id or visitor; answers
 * by row id, event id or learner; certificates by id or holder.
 */
@QueryHandler(AuditFindSubjectsQuery)
export class AuditFindSubjectsHandler implements IQueryHandler<AuditFindSubjectsQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
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
        const people = await peopleOf(this.projections, [...new Set(rows.map((r) => r.user_id))]);
        return {
          subjects: rows.map((a) => ({
            kind,
            id: a.row_id,
            label: a.station_id ? `${a.question_id} · ${a.station_id}` : a.question_id,
            detail: `${people.get(a.user_id) ?? a.user_id} · ${a.is_correct ? '✓' : '✗'} · #${a.attempt}`,
            at: a.answered_at,
          })),
        };
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
      if (row) return [{ kind: 'user', id: row.user_id, label: row.name ?? row.email, detail: row.email, at: iso(row.created_at) }];
      return (await subjectKnown(auditReader(this.projections), 'user', q)) ? [{ kind: 'user', id: q, label: q, detail: null, at: null }] : [];
    }
    const { rows } = await findDirectoryUsers(users, { text: q }, { sort: 'name', order: 'asc', limit: FOUND });
    return rows.map((r) => ({ kind: 'user', id: r.user_id, label: r.name ?? r.email, detail: r.email, at: iso(r.created_at) }));
  }
}
