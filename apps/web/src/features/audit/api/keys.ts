import type { AuditSubjectKind } from '@portal/reporting/contracts/audit-shapes';

/** Query keys of the auditor's area (ADR 0009 §8): every query of this feature lives under ['audit']. */
export const AUDIT_QUERIES = ['audit'] as const;
/** Every page and filter of one subject's timeline. */
export const timelineKeyOf = (kind: AuditSubjectKind, id: string) => [...AUDIT_QUERIES, 'timeline', kind, id] as const;
