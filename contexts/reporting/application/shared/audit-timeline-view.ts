import type { EventStore, RecordedEvent } from '@portal/eventstore';
import type { AuditStreamChain, AuditTimelineEvent } from '../../contracts/index.js';

/** Secrets' hashes never reach the auditor's screen or files (as the user history, ADR 0050). */
const SECRET_FIELDS = new Set(['passwordHash', 'codeHash', 'recoverCodeHash', 'refreshHash', 'confirmTokenHash', 'cancelTokenHash', 'linkHash']);
const redact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.has(k) && v !== null ? '[redacted]' : redact(v)]));
  return value;
};

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

/** A stored event as the auditor reads it: who, when, from where, correlation and causation, the data with secrets redacted. */
export function timelineEventOf(e: RecordedEvent): AuditTimelineEvent {
  const data = redact(e.data) as Record<string, unknown>;
  const by = typeof e.data.by === 'string' ? e.data.by : null;
  return {
    position: positionText(e),
    streamId: e.streamId,
    revision: e.revision.toString(),
    eventId: e.metadata.eventId,
    type: e.type,
    summary: summaryOf(data),
    recordedAt: e.recordedAt.toISOString(),
    actor: e.metadata.actor,
    by,
    origin: e.metadata.origin,
    ip: e.metadata.ip ?? null,
    userAgent: e.metadata.userAgent ?? null,
    correlationId: e.metadata.correlationId,
    causationId: e.metadata.causationId ?? null,
    clientTime: e.metadata.clientTime ?? null,
    hash: e.hash,
    data,
  };
}

/** Each stream's hash chain recomputed (verifyStream), a few at a time. */
export async function chainsOf(store: EventStore, streamIds: string[]): Promise<AuditStreamChain[]> {
  const out: AuditStreamChain[] = [];
  for (let i = 0; i < streamIds.length; i += 4) {
    const verdicts = await Promise.all(streamIds.slice(i, i + 4).map(async (streamId) => ({ streamId, verdict: await store.verifyStream(streamId) })));
    for (const { streamId, verdict } of verdicts) {
      out.push({ streamId, verified: verdict.ok, checked: verdict.checked, brokenAt: verdict.brokenAt?.toString() ?? null, reason: verdict.ok ? null : (verdict.reason ?? 'broken') });
    }
  }
  return out;
}

