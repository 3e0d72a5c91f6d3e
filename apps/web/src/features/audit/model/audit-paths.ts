import { AUDIT_SUBJECT_KINDS, type AuditSubjectKind } from '@portal/reporting/contracts/audit-shapes';

export const AUDIT_PATH = '/audit';
/** /audit/:kind/:id: one subject's timeline. */
export const subjectPath = (kind: AuditSubjectKind, id: string): string => `${AUDIT_PATH}/${kind}/${encodeURIComponent(id)}`;
export const isSubjectKind = (value: string | undefined): value is AuditSubjectKind => (AUDIT_SUBJECT_KINDS as readonly string[]).includes(value ?? '');
