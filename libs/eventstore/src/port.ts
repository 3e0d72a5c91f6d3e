/**
 * The event store port (architecture §2). Adapters: Postgres (pg and PGlite) and EventStoreDB.
 * Every adapter passes the same contract suite (contract.ts).
 */

export type ExpectedRevision = 'no-stream' | 'exists' | 'any' | bigint;

export type Origin = 'web' | 'cli' | 'import' | 'webhook' | 'system';

/** Where a reader is in the global log: (transaction id, position) on Postgres; (commit, prepare) on EventStoreDB. */
export interface Checkpoint {
  transactionId: bigint;
  position: bigint;
}
export const START: Checkpoint = { transactionId: 0n, position: 0n };
export const compareCheckpoints = (a: Checkpoint, b: Checkpoint): number =>
  a.transactionId === b.transactionId
    ? a.position === b.position ? 0 : a.position < b.position ? -1 : 1
    : a.transactionId < b.transactionId ? -1 : 1;
export const checkpointToString = (c: Checkpoint): string => `${c.transactionId}.${c.position}`;
export const checkpointFromString = (s: string): Checkpoint | null => {
  const m = /^(\d+)\.(\d+)$/.exec(s.trim());
  return m ? { transactionId: BigInt(m[1]!), position: BigInt(m[2]!) } : null;
};

/** Metadata stored with every event. */
export interface EventMetadata {
  eventId: string; // uuid v7
  correlationId: string;
  causationId: string | null;
  actor: string; // user id, "guest:<id>" or "system"
  origin: Origin;
  schemaVersion: number;
  clientTime: string | null;
  /**
   * The client's address as the API saw it (`req.ip`: the socket's, or X-Forwarded-For's with
   * TRUST_PROXY), on events appended by an HTTP request only; absent on older events and on
   * events of the CLI, imports and processes (ADR 0071). Covered by the hash chain like the rest.
   */
  ip?: string | null;
  /** The request's User-Agent header (at most 512 characters), with `ip`. */
  userAgent?: string | null;
}

/** What a command hands to append: who acts, why, from where. */
export interface AppendContext {
  correlationId: string;
  causationId?: string | null;
  actor: string;
  origin: Origin;
  clientTime?: string | null;
  /** HTTP requests only (appendContextOf): stored in the metadata when given, absent otherwise. */
  ip?: string | null;
  userAgent?: string | null;
  /**
   * The request's `Idempotency-Key` (HTTP only, never stored): the StreamWriter derives the event
   * ids from it, so a retried request that had committed is recognised by the store (ADR 0081).
   */
  idempotencyKey?: string | null;
}

export interface NewEvent<T extends string = string, D = Record<string, unknown>> {
  type: T;
  data: D;
  /** Supplied for idempotent retries; generated (uuid v7) when absent. */
  eventId?: string;
  schemaVersion?: number;
}

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  context: AppendContext;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: bigint;
  /** Global checkpoint of the last appended event; reads wait for projections to reach it. */
  checkpoint: Checkpoint;
  /** False when every event id was already stored (an idempotent retry): nothing was written. */
  written: boolean;
}

export interface RecordedEvent<T extends string = string, D = Record<string, unknown>> {
  streamId: string;
  revision: bigint;
  checkpoint: Checkpoint;
  type: T;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
  hash: string;
}

export interface ReadAllOptions {
  after?: Checkpoint;
  limit?: number;
  types?: string[];
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Checkpoint to resume from: the last returned event's, or `after` when nothing was returned. */
  checkpoint: Checkpoint;
  /**
   * With a type filter and fewer events than the limit: how far the read looked (the newest
   * visible checkpoint of any type). A reader may resume from here without missing one of its
   * types; a projection with nothing to do moves on instead of re-reading the same stretch.
   */
  scannedTo?: Checkpoint;
}

export interface VerifyResult {
  ok: boolean;
  streamId: string;
  checked: number;
  /** First revision whose stored hash does not match its content or its predecessor. */
  brokenAt?: bigint;
  reason?: string;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  from?: Checkpoint;
  types?: string[];
  batchSize?: number;
  handler: (events: RecordedEvent[]) => Promise<void>;
  /**
   * A failed read or handler is retried from the same checkpoint after the poll interval, so a
   * handler that failed half-way must be idempotent. Reported here (console.error when absent).
   */
  onError?: (error: unknown) => void;
}

export interface EventStore {
  readonly kind: 'postgres' | 'pglite' | 'eventstoredb';
  /** Creates tables/functions where the adapter needs them. Idempotent. */
  migrate(): Promise<void>;
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: { fromRevision?: bigint; limit?: number }): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<ReadAllResult>;
  /** Tails the global log from a checkpoint; handler gets batches in order, each event once. */
  subscribe(options: SubscribeOptions): Subscription;
  /**
   * Called after any append commits (in process) or a NOTIFY arrives (server): a wake-up hint only.
   * `types` are the event types this process just appended; absent when unknown (another process).
   */
  onAppended(listener: (types?: readonly string[]) => void): () => void;
  /** Recomputes the stream's hash chain. */
  verifyStream(streamId: string): Promise<VerifyResult>;
  /**
   * The newest committed checkpoint. readAll may not return it yet (an older transaction still
   * open anywhere in the cluster holds visibility back); waiting for it means "everything
   * committed before now has been read".
   */
  headCheckpoint(): Promise<Checkpoint>;
  /**
   * The checkpoint of the last event recorded at or before `at` (by recorded time, then
   * position), or null when none was: what "as of a date" resolves to (report projections,
   * ADR 0070). Events whose position is at most this one's are the log as it stood then.
   */
  positionAt(at: Date): Promise<Checkpoint | null>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly actual: bigint | null;
  constructor(streamId: string, expected: ExpectedRevision, actual: bigint | null) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${actual === null ? 'no stream' : String(actual)}`);
    this.name = 'ConcurrencyError';
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

/**
 * Some but not all of the appended event ids are already stored, or an id is stored in another
 * stream: neither a clean retry nor a new batch, so nothing is written.
 */
export class DuplicateEventIdError extends Error {
  readonly streamId: string;
  readonly eventIds: string[];
  constructor(streamId: string, eventIds: string[], detail: string) {
    super(`Stream ${streamId}: ${detail}`);
    this.name = 'DuplicateEventIdError';
    this.streamId = streamId;
    this.eventIds = eventIds;
  }
}

/** Upcasters turn an old event shape into the next schema version, on read. */
export type Upcaster = (data: Record<string, unknown>, metadata: EventMetadata) => Record<string, unknown>;
export interface UpcasterRegistry {
  /** type -> fromVersion -> upcaster producing fromVersion + 1 */
  [type: string]: Record<number, Upcaster>;
}
