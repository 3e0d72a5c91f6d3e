/**
 * Stored events of the auditor's area (ADR 0071). The reports' events (ReportExported) live in
 * `events.ts`; these are the audit trail's own.
 *
 * Streams:
 * - reporting.audit-export-<exportId>   AuditTrailExported (one stream per export: appended once, never read back to decide)
 */
import { z } from 'zod';
import { defineEvents, type EventOf } from '@portal/eventstore/event-schemas';

/** What an auditor can look up and trace (ADR 0071). */
export const AUDIT_SUBJECT_KINDS = ['user', 'booking', 'answer', 'certificate'] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];
export const auditSubjectKindSchema = z.enum(AUDIT_SUBJECT_KINDS);

export const AUDIT_TRAIL_FORMATS = ['csv', 'json'] as const;
export type AuditTrailFormat = (typeof AUDIT_TRAIL_FORMATS)[number];

export const auditSubjectRefSchema = z.object({ kind: auditSubjectKindSchema, id: z.string().min(1).max(200) });
export type AuditSubjectRef = z.infer<typeof auditSubjectRefSchema>;

/** Recorded before the first byte of a trail export leaves the server: who took which trail, in which format, how many events. */
export const auditTrailExportedSchema = z.object({
  exportId: z.string(),
  subject: auditSubjectRefSchema,
  format: z.enum(AUDIT_TRAIL_FORMATS),
  /** events in the file: the subject's trail up to the moment of the export */
  events: z.number().int().nonnegative(),
  /** the auditor */
  by: z.string(),
  exportedAt: z.string(),
});

export const auditEvents = defineEvents({ AuditTrailExported: auditTrailExportedSchema });
export type AuditEvent = EventOf<typeof auditEvents.schemas>;

export const auditExportStream = (exportId: string) => `reporting.audit-export-${exportId}`;
