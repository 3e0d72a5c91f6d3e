import { SECRET_FIELDS, toAuditedEvent, type RecordedEvent } from '@portal/eventstore';
import type { AuditTimelineEvent } from '../../contracts/index.js';

/** Fields a summary leaves out: ids the row already shows, and bulky ones. */
const SUMMARY_SKIP = new Set(['userId', 'actor', 'by', ...SECRET_FIELDS]);
/** A few of the data's fields, "name: value", for the timeline's list (the whole data is one click away). */
export function summaryOf(data: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (SUMMARY_SKIP.has(key) || value === null || value === undefined) continue;
    if (typeof value === 'object') continue;
    const text = String(value);
    parts.push(`${key}: ${text.length > 40 ? `${text.slice(0, 39)}…` : text}`);
    if (parts.length === 4) break;
  }
  return parts.join(' · ');
}

export const positionText = (e: { checkpoint: { transactionId: bigint; position: bigint } }) => `${e.checkpoint.transactionId}.${e.checkpoint.position}`;

/** A stored event as the auditor reads it: the one audited event (secrets redacted there), with its position, summary and `by`. */
export function timelineEventOf(e: RecordedEvent): AuditTimelineEvent {
  const audited = toAuditedEvent(e);
  return { ...audited, position: positionText(e), summary: summaryOf(audited.data), by: typeof e.data.by === 'string' ? e.data.by : null };
}
