/**
 * What the audit trail's stored events (audit-events.ts) and its HTTP contract (audit-http.ts)
 * share: in a file of its own so that the SPA, which imports the HTTP contract, does not load the
 * stored events' definitions (ADR 0013).
 */
import { z } from 'zod';

/** What an auditor can look up and trace (ADR 0071). */
export const AUDIT_SUBJECT_KINDS = ['user', 'booking', 'answer', 'certificate'] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];
export const auditSubjectKindSchema = z.enum(AUDIT_SUBJECT_KINDS);

export const AUDIT_TRAIL_FORMATS = ['csv', 'json'] as const;
export type AuditTrailFormat = (typeof AUDIT_TRAIL_FORMATS)[number];
