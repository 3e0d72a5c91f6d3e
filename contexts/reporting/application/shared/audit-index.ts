import type { Kysely } from 'kysely';
import type { LogAudit } from '@portal/eventstore';
import { AppError } from '@portal/kernel';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { subjectKeysOf, subjectKnown, type AuditSubjectsDB, type SubjectKey } from '@portal/projection-audit-subjects';
import type { AuditSubjectKind } from '../../contracts/index.js';

/** The auditor's area needs the Postgres log (positions, checkpoints): on EventStoreDB it answers 503 (ADR 0071). */
export const requireLogAudit = (logAudit: LogAudit | null): LogAudit => {
  if (!logAudit) throw new AppError('audit-log-unavailable');
  return logAudit;
};

/** Reporting's own index of which events concern which subject (projections/audit-subjects). */
export const auditReader = (projections: ProjectionRuntime) => projections.reader('audit-subjects') as Kysely<AuditSubjectsDB>;

/** A subject's index keys; 404 when nothing in the log concerns it (an unknown id, or one of another kind). */
export async function subjectKeys(projections: ProjectionRuntime, kind: AuditSubjectKind, id: string): Promise<SubjectKey[]> {
  const audit = auditReader(projections);
  if (!(await subjectKnown(audit, kind, id))) throw new AppError('404');
  return subjectKeysOf(audit, kind, id);
}
