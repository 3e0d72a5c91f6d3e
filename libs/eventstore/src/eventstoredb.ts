import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import { createAppendListeners } from './polling-subscription.js';
import {
  ConcurrencyError,
  DuplicateEventIdError,
  START,
  compareCheckpoints,
  type AppendResult,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type UpcasterRegistry,
  type VerifyResult,
} from './port.js';
import { assertExpectedRevision, prepareEvents, satisfies } from './prepare-events.js';
import { upcast } from './upcast.js';

export interface EventStoreDbOptions {
  upcasters?: UpcasterRegistry;
  /** Fallback wake-up for subscriptions (ms). */
  pollIntervalMs?: number;
  /**
   * How many of a stream's newest events an append reads to find its predecessor's hash and to
   * recognise a retried batch. A retry is only recognised while its events are within this window.
   */
  idempotencyWindow?: number;
  /** Attempts for 'any'/'exists' appends that lose a race to another writer of the same stream. */
  maxAppendAttempts?: number;
}

/** Stored in each ESDB event's metadata next to our EventMetadata. */
interface StoredMetadata extends EventMetadata {
  hash: string;
}

/** The hash chain on EventStoreDB: computed client side, because ESDB has no server-side code to run. */
export const esdbEventHash = (
  previousHash: string,
  event: { streamId: string; revision: bigint; eventId: string; type: string; schemaVersion: number; data: unknown; metadata: EventMetadata },
): string =>
  sha256Hex(
    previousHash +
      canonicalJson({
        streamId: event.streamId,
        revision: event.revision,
        eventId: event.eventId,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata: event.metadata,
      }),
  );

const toCheckpoint = (position: Position | undefined): Checkpoint =>
  position ? { transactionId: position.commit, position: position.prepare } : START;

const isSystem = (event: { type: string; streamId: string }) => event.type.startsWith('$') || event.streamId.startsWith('$');

function parseMetadata(raw: unknown): Partial<StoredMetadata> {
  if (raw instanceof Uint8Array) {
    try {
      return JSON.parse(Buffer.from(raw).toString('utf8')) as Partial<StoredMetadata>;
    } catch {
      return {};
    }
  }
  return raw && typeof raw === 'object' ? (raw as Partial<StoredMetadata>) : {};
}

function splitMetadata(event: EsdbRecordedEvent): { metadata: EventMetadata; hash: string } {
  const { hash, ...rest } = parseMetadata(event.metadata);
  const metadata: EventMetadata = {
    eventId: event.id,
    correlationId: rest.correlationId ?? '',
    causationId: rest.causationId ?? null,
    actor: rest.actor ?? 'system',
    origin: rest.origin ?? 'system',
    schemaVersion: rest.schemaVersion ?? 1,
    clientTime: rest.clientTime ?? null,
    // kept as stored: the client-side hash chain covers exactly the metadata that was written
    ...(rest.ip !== undefined ? { ip: rest.ip } : {}),
    ...(rest.userAgent !== undefined ? { userAgent: rest.userAgent } : {}),
  };
  return { metadata, hash: hash ?? '' };
}

function storedData(event: EsdbRecordedEvent): Record<string, unknown> {
  if (event.isJson) return event.data as Record<string, unknown>;
  const bytes = Buffer.from(event.data as Uint8Array);
  try {
    return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    // written by another tool as binary: keep it readable rather than failing the whole page
    return { binary: bytes.toString('base64') };
  }
}

export function createEventStoreDbEventStore(connectionString: string, options: EventStoreDbOptions = {}): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const window = options.idempotencyWindow ?? 64;
  const maxAttempts = options.maxAppendAttempts ?? 20;
  let live: AllStreamSubscription | null = null;
  const listening = createAppendListeners({ readAll: (o) => store.readAll(o) }, () => ensureLive(), pollIntervalMs);
  const fire = listening.fire;

  // other processes' appends reach us through a live $all subscription; it carries no data we use
  const ensureLive = () => {
    if (live || listening.closed) return;
    live = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    live.on('data', () => fire());
    live.on('error', (error) => {
      console.error('event store: live $all subscription failed, falling back to polling', error);
      live = null;
    });
  };

  const toRecorded = (event: EsdbRecordedEvent): RecordedEvent => {
    const { metadata: stored, hash } = splitMetadata(event);
    const { data, metadata } = upcast(options.upcasters, event.type, storedData(event), stored);
    return {
      streamId: event.streamId,
      revision: event.revision,
      checkpoint: toCheckpoint(event.position),
      type: event.type,
      data,
      metadata,
      recordedAt: event.created instanceof Date ? event.created : new Date(event.created as unknown as string),
      hash,
    };
  };

  /** The newest events of a stream, newest first; empty when the stream does not exist. */
  const readTail = async (streamId: string, count: number): Promise<EsdbRecordedEvent[]> => {
    const events: EsdbRecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: count })) {
        if (resolved.event) events.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  };

  // The append answer carries one $all position for the whole write; the port promises the last
  // event's checkpoint (what readAll will report for it), so it is read back.
  const checkpointOf = async (streamId: string, revision: bigint, fallback: Position | undefined): Promise<Checkpoint> => {
    for await (const resolved of client.readStream(streamId, { direction: FORWARDS, fromRevision: revision, maxCount: 1 })) {
      if (resolved.event?.position) return toCheckpoint(resolved.event.position);
    }
    return toCheckpoint(fallback);
  };

  const store: EventStore = {
    kind: 'eventstoredb',

    async migrate() {
      // ESDB has no schema; the call exists so callers treat every adapter alike
    },

    async append(streamId, events, appendOptions): Promise<AppendResult> {
      if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('stream id is required');
      if (events.length === 0) throw new TypeError('append needs at least one event');
      const expected = appendOptions.expectedRevision;
      assertExpectedRevision(expected);
      const prepared = prepareEvents(events, appendOptions).map((event) => ({
        ...event,
        // hashed as it will be read back: JSON round trip drops undefined and turns dates into strings
        data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
      }));
      const ids = new Set(prepared.map((e) => e.eventId));

      for (let attempt = 1; ; attempt++) {
        const tail = await readTail(streamId, window + prepared.length);
        const current = tail[0]?.revision ?? null;
        const matched = tail.filter((e) => ids.has(e.id));
        if (matched.length === prepared.length) {
          return { nextRevision: current!, checkpoint: toCheckpoint(matched[0]!.position), written: false };
        }
        if (matched.length > 0) throw new DuplicateEventIdError(streamId, [...ids], 'some of the event ids are already stored in this stream');
        if (!satisfies(expected, current)) throw new ConcurrencyError(streamId, expected, current);

        // Written at the exact revision we read, whatever the caller expected: the hash chain
        // needs its predecessor, so a concurrent append must make this one fail and re-read.
        let previous = tail[0] ? splitMetadata(tail[0]).hash : '';
        let revision = current ?? -1n;
        const data = prepared.map((event) => {
          revision += 1n;
          previous = esdbEventHash(previous, { streamId, revision, ...event });
          const metadata: StoredMetadata = { ...event.metadata, hash: previous };
          return jsonEvent({ id: event.eventId, type: event.type, data: event.data, metadata: metadata as unknown as Record<string, unknown> });
        });
        try {
          const result = await client.appendToStream(streamId, data, { expectedRevision: current === null ? NO_STREAM : current });
          if (!result.success) throw new ConcurrencyError(streamId, expected, current);
          fire([...new Set(prepared.map((event) => event.type))]);
          return { nextRevision: result.nextExpectedRevision, checkpoint: await checkpointOf(streamId, result.nextExpectedRevision, result.position), written: true };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError || error instanceof ConcurrencyError)) throw error;
          const actual = error instanceof WrongExpectedVersionError ? (typeof error.actualVersion === 'bigint' ? error.actualVersion : null) : current;
          // an exact expectation cannot hold any more; 'any' and 'exists' just retry on the new head
          if (typeof expected === 'bigint' || expected === 'no-stream' || attempt >= maxAttempts) throw new ConcurrencyError(streamId, expected, actual);
        }
      }
    },

    async readStream(streamId, readOptions = {}) {
      const out: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamId, {
          direction: FORWARDS,
          fromRevision: readOptions.fromRevision ?? ESDB_START,
          ...(readOptions.limit !== undefined ? { maxCount: readOptions.limit } : {}),
        })) {
          if (resolved.event) out.push(toRecorded(resolved.event));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return out;
    },

    async readAll(readOptions: ReadAllOptions = {}): Promise<ReadAllResult> {
      const after = readOptions.after ?? START;
      const limit = readOptions.limit ?? 1000;
      const types = readOptions.types ? new Set(readOptions.types) : null;
      const events: RecordedEvent[] = [];
      const page = Math.max(limit, 256);
      let from: Position | typeof ESDB_START =
        after.transactionId === 0n && after.position === 0n ? ESDB_START : { commit: after.transactionId, prepare: after.position };
      // $all reads start at (and include) fromPosition and also carry system events, so filter and
      // keep paging until `limit` user events are found or the log ends
      let floor = after;
      for (;;) {
        let seen = 0;
        let last: Position | undefined;
        for await (const resolved of client.readAll({ fromPosition: from, maxCount: page, direction: FORWARDS })) {
          seen++;
          const event = resolved.event as AllStreamRecordedEvent | undefined;
          if (!event) continue;
          last = event.position;
          if (compareCheckpoints(toCheckpoint(event.position), floor) <= 0) continue;
          if (isSystem(event) || (types && !types.has(event.type))) continue;
          events.push(toRecorded(event));
          if (events.length >= limit) break;
        }
        if (events.length >= limit || seen < page || !last) break;
        from = last;
        floor = toCheckpoint(last);
      }
      return { events, checkpoint: events.length > 0 ? events[events.length - 1]!.checkpoint : after };
    },

    subscribe: listening.subscribe,
    onAppended: listening.onAppended,

    async verifyStream(streamId): Promise<VerifyResult> {
      let previous = '';
      let expectedRevision = 0n;
      try {
        for await (const resolved of client.readStream(streamId, { direction: FORWARDS, fromRevision: ESDB_START })) {
          const event = resolved.event;
          if (!event) continue;
          if (event.revision !== expectedRevision) {
            return { ok: false, streamId, checked: Number(expectedRevision), brokenAt: expectedRevision, reason: `revision ${expectedRevision} is missing` };
          }
          const { metadata, hash } = splitMetadata(event);
          const recomputed = esdbEventHash(previous, {
            streamId,
            revision: event.revision,
            eventId: event.id,
            type: event.type,
            schemaVersion: metadata.schemaVersion,
            data: storedData(event),
            metadata,
          });
          if (recomputed !== hash) {
            return { ok: false, streamId, checked: Number(event.revision), brokenAt: event.revision, reason: `hash of revision ${event.revision} does not match its content and predecessor` };
          }
          previous = hash;
          expectedRevision += 1n;
        }
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
      return { ok: true, streamId, checked: Number(expectedRevision) };
    },

    async positionAt(at: Date): Promise<Checkpoint | null> {
      // $all backwards until the first of our events recorded at or before `at` (a scan: fine for
      // the occasional "as of" read; the Postgres adapter answers from an index)
      for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: Number.MAX_SAFE_INTEGER })) {
        const event = resolved.event as AllStreamRecordedEvent | undefined;
        if (!event || isSystem(event)) continue;
        const created = event.created instanceof Date ? event.created : new Date(event.created as unknown as string);
        if (created.getTime() <= at.getTime()) return toCheckpoint(event.position);
      }
      return null;
    },

    async headCheckpoint(): Promise<Checkpoint> {
      let from: Position | typeof END = END;
      for (;;) {
        let seen = 0;
        let last: Position | undefined;
        for await (const resolved of client.readAll({ fromPosition: from, maxCount: 256, direction: BACKWARDS })) {
          seen++;
          const event = resolved.event as AllStreamRecordedEvent | undefined;
          if (!event) continue;
          if (last && event.position.commit === last.commit && event.position.prepare === last.prepare) continue;
          last = event.position;
          if (!isSystem(event)) return toCheckpoint(event.position);
        }
        if (seen < 256 || !last) return START;
        from = last;
      }
    },

    async close() {
      if (!listening.close()) return;
      await listening.stopAll();
      await live?.unsubscribe().catch(() => undefined);
      await client.dispose();
    },
  };
  return store;
}
