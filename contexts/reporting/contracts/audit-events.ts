/**
 * Stored events of the auditor's area (ADR 0071). The reports' events (ReportExported) live in
 * `events.ts`; these are the audit trail's own.
 *
 * Streams:
 * - reporting.audit-export-<exportId>   AuditTrailExported (one stream per export: appended once, never read back to decide)
 */
import { z } from 'zod';
import { defineEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { AUDIT_TRAIL_FORMATS, auditSubjectKindSchema } from './audit-shapes.js';

export { AUDIT_SUBJECT_KINDS, AUDIT_TRAIL_FORMATS, auditSubjectKindSchema, type AuditSubjectKind, type AuditTrailFormat } from './audit-shapes.js';

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
