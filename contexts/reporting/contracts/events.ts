/**
 * Stored events of the reporting context (ADR 0070). Reporting decides nothing about learning; it
 * records only that someone took a copy of a report, so an auditor can see who exported what.
 *
 * Streams: reporting.exports-<userId> (one per exporting user; `cli` for the operator CLI).
 */
import { z } from 'zod';
import { defineEvents, type EventOf } from '@portal/eventstore/event-schemas';

/** A report was exported (screen or CLI): which, with which filters and "as of", the format, how many rows were written. */
export const reportExportedSchema = z.object({
  exportId: z.string(),
  report: z.string(),
  /** the filters and sort as given (the file's first rows say the same) */
  filters: z.record(z.string(), z.string()),
  /** the "as of" asked and the position it resolved to; null: live */
  asOf: z.object({ requested: z.string(), position: z.string().nullable() }).nullable(),
  format: z.enum(['csv', 'xlsx']),
  /** data rows written (fewer than matched when the download was cut off) */
  rows: z.number().int().nonnegative(),
  /** the file was written to its end */
  complete: z.boolean(),
  /** the user's id, or `cli` */
  by: z.string(),
  /** the company scope the rows were read in (null: every company) */
  scopeCompanyId: z.string().nullable(),
  exportedAt: z.string(),
});

export const reportingEvents = defineEvents({ ReportExported: reportExportedSchema });
export type ReportingEvent = EventOf<typeof reportingEvents.schemas>;
export type ReportExported = Extract<ReportingEvent, { type: 'ReportExported' }>;

export const reportExportsStream = (by: string) => `reporting.exports-${by}`;
