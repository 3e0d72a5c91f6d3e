import type { Kysely } from 'kysely';
import { auditReader, subjectKeys } from './audit-index.js';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { answerById, bookingById, certificateById, type SubjectKey } from '@portal/projection-audit-subjects';
import { findUserById, type UsersDB } from '@portal/projection-users';
import type { AuditSubject, AuditSubjectKind } from '../../contracts/index.js';
import { isoOrNull } from '@portal/kernel';

export const usersReader = (projections: ProjectionRuntime) => projections.reader('users') as Kysely<UsersDB>;

/** How the auditor reads a person: their name, else their e-mail, else their id. */
export async function peopleOf(projections: ProjectionRuntime, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await usersReader(projections).selectFrom('users').select(['user_id', 'name', 'email']).where('user_id', 'in', userIds).execute();
  const found = new Map(rows.map((r) => [String(r.user_id), r.name && r.name.trim().length > 0 ? r.name : r.email]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? id]));
}

const label = (name: string | null | undefined, fallback: string) => (name && name.trim().length > 0 ? name : fallback);

/**
 * A subject as the timeline's heading shows it, and its index keys; 404 when nothing in the
 * log concerns it (an unknown id, or one of another kind).
 */
export async function resolveSubject(projections: ProjectionRuntime, kind: AuditSubjectKind, id: string): Promise<{ subject: AuditSubject; keys: SubjectKey[] }> {
  const keys = await subjectKeys(projections, kind, id);
  return { subject: await describeSubject(projections, kind, id), keys };
}

export async function describeSubject(projections: ProjectionRuntime, kind: AuditSubjectKind, id: string): Promise<AuditSubject> {
  const audit = auditReader(projections);
  switch (kind) {
    case 'user': {
      const user = await findUserById(usersReader(projections), id);
      return { kind, id, label: label(user?.name, user?.email ?? id), detail: user?.email ?? null, at: isoOrNull(user?.created_at) };
    }
    case 'booking': {
      const b = await bookingById(audit, id);
      return { kind, id, label: label(b?.visitor_name, id), detail: b ? [b.visitor_email, b.date && `${b.date} ${b.time ?? ''}`.trim()].filter(Boolean).join(' · ') || null : null, at: b?.requested_at ?? null };
    }
    case 'answer': {
      const a = await answerById(audit, id);
      if (!a) return { kind, id, label: id, detail: null, at: null };
      const people = await peopleOf(projections, [a.user_id]);
      return { kind, id, label: a.station_id ? `${a.question_id} · ${a.station_id}` : a.question_id, detail: people.get(a.user_id) ?? a.user_id, at: a.answered_at };
    }
    case 'certificate': {
      const c = await certificateById(audit, id);
      return { kind, id, label: c?.title ?? id, detail: c ? label(c.holder_name, c.user_id) : null, at: c?.issued_at ?? null };
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}
