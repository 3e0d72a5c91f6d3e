import { v7 as uuidv7, validate as isUuid } from 'uuid';
import type { AppendOptions, EventMetadata, ExpectedRevision, NewEvent } from './port.js';

export interface PreparedEvent {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

/** Builds the stored form of a batch: ids and metadata are fixed here so a retry can resend them unchanged. */
export function prepareEvents(events: NewEvent[], options: AppendOptions): PreparedEvent[] {
  const { context } = options;
  const seen = new Set<string>();
  return events.map((event) => {
    // lower case: Postgres and EventStoreDB hand uuids back in lower case, and the hash covers the id
    const eventId = (event.eventId ?? uuidv7()).toLowerCase();
    if (!isUuid(eventId)) throw new TypeError(`event id ${eventId} is not a uuid`);
    if (seen.has(eventId)) throw new TypeError(`event id ${eventId} appears twice in one append`);
    seen.add(eventId);
    if (typeof event.type !== 'string' || event.type.length === 0) throw new TypeError('event type is required');
    const schemaVersion = event.schemaVersion ?? 1;
    if (!Number.isInteger(schemaVersion) || schemaVersion < 1) throw new TypeError(`invalid schema version ${schemaVersion}`);
    const metadata: EventMetadata = {
      eventId,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      actor: context.actor,
      origin: context.origin,
      schemaVersion,
      clientTime: context.clientTime ?? null,
      // only when the context carries them (HTTP requests): older events and other origins have none
      ...(context.ip !== undefined ? { ip: context.ip } : {}),
      ...(context.userAgent !== undefined ? { userAgent: context.userAgent } : {}),
    };
    return { eventId, type: event.type, schemaVersion, data: event.data as Record<string, unknown>, metadata };
  });
}

export function assertExpectedRevision(expected: ExpectedRevision): void {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError(`expected revision must be >= 0 (revisions start at 0), got ${expected}`);
    return;
  }
  if (expected !== 'no-stream' && expected !== 'exists' && expected !== 'any') throw new TypeError(`invalid expected revision ${String(expected)}`);
}

/** Whether a stream whose last revision is `actual` (null: no stream) satisfies the expectation. */
export function satisfies(expected: ExpectedRevision, actual: bigint | null): boolean {
  if (expected === 'any') return true;
  if (expected === 'no-stream') return actual === null;
  if (expected === 'exists') return actual !== null;
  return actual === expected;
}
