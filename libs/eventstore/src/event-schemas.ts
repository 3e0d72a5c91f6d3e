import { z } from 'zod';
import type { EventMetadata, RecordedEvent, UpcasterRegistry } from './port.js';
import { upcast } from './upcast.js';

/** A context's stored event types: the type name (an explicit string, never a class name) and its data schema. */
export type EventSchemas = Record<string, z.ZodType<Record<string, unknown>>>;

/** The events a schema map describes, as a discriminated union on `type`. */
export type EventOf<M extends EventSchemas> = { [K in keyof M & string]: { type: K; data: z.output<M[K]> } }[keyof M & string];

/** A stored event after parsing: the envelope as recorded, `type` and `data` typed. */
export type ParsedEvent<E extends { type: string; data: unknown }> = E extends unknown ? Omit<RecordedEvent, 'type' | 'data'> & E : never;

/** An event to parse: a stored one (its metadata names the schema version it was written in) or a new one (current shape). */
export interface EventToParse {
  type: string;
  data: unknown;
  metadata?: EventMetadata;
}

export interface EventContract<M extends EventSchemas> {
  /** every type this contract names, for projections' eventTypes and readAll filters */
  readonly types: (keyof M & string)[];
  readonly schemas: M;
  /** old shapes to current ones: `parse` runs them on a stored event written in an older schema version (stored data is never rewritten) */
  readonly upcasters: UpcasterRegistry;
  /**
   * `{ type, data }` of an event, its data checked against the current schema. A stored event
   * (with `metadata.schemaVersion`) is first upcast from the version it was written in (ADR 0009
   * §4, ADR 0086): the same on the write path (a decider's fold) as in projections.
   */
  parse(event: EventToParse): EventOf<M>;
  /** the whole recorded event with typed `type` and `data` (projections, process managers) */
  parseRecorded(recorded: RecordedEvent): ParsedEvent<EventOf<M>>;
  /** whether a stored event is one of these types */
  has(type: string): type is keyof M & string;
  /** the schema version a new event of `type` is written in: 1, plus one per upcaster step from 1 */
  versionOf(type: keyof M & string): number;
  /** the contract of one stream's events: these types only, with their upcasters (a decider's `events`) */
  pick<K extends keyof M & string>(...types: K[]): EventContract<Pick<M, K>>;
}

/**
 * Each context's contracts export their stored events once, as zod schemas (ADR 0009): the
 * domain's event types are inferred from them, projections and process managers receive parsed
 * events instead of casting, and an old shape is upcast on read before it is parsed.
 */
export function defineEvents<M extends EventSchemas>(schemas: M, upcasters: UpcasterRegistry = {}): EventContract<M> {
  for (const type of Object.keys(upcasters)) {
    if (!Object.hasOwn(schemas, type)) throw new Error(`upcaster for a type this contract does not name: ${type}`);
  }
  const parse = (event: EventToParse): EventOf<M> => {
    const schema = schemas[event.type];
    if (!schema) throw new Error(`not an event of this contract: ${event.type}`);
    const data = event.metadata && Object.hasOwn(upcasters, event.type) ? upcast(upcasters, event.type, event.data as Record<string, unknown>, event.metadata).data : event.data;
    return { type: event.type, data: schema.parse(data) } as EventOf<M>;
  };
  const versions = new Map(Object.entries(upcasters).map(([type, chain]) => [type, currentVersion(chain)]));
  return {
    types: Object.keys(schemas) as (keyof M & string)[],
    schemas,
    upcasters,
    parse,
    parseRecorded: (recorded) => ({ ...recorded, data: parse(recorded).data }) as ParsedEvent<EventOf<M>>,
    has: (type): type is keyof M & string => Object.hasOwn(schemas, type),
    versionOf: (type) => versions.get(type) ?? 1,
    pick: <K extends keyof M & string>(...types: K[]) =>
      defineEvents(
        Object.fromEntries(types.map((t) => [t, schemas[t]])) as Pick<M, K>,
        Object.fromEntries(types.filter((t) => Object.hasOwn(upcasters, t)).map((t) => [t, upcasters[t]!])),
      ),
  };
}

/** The version an upcaster chain ends at, from version 1 (each step turns version n into n + 1). */
const currentVersion = (chain: UpcasterRegistry[string]): number => {
  let version = 1;
  while (chain[version]) version += 1;
  return version;
};

/**
 * A context's whole set of stored events from its streams' contracts: every type with the
 * upcasters its stream's contract declares (so a projection reading the context's events upcasts
 * as the stream's decider does).
 */
export function mergeEvents<Ms extends EventSchemas[]>(...contracts: { [I in keyof Ms]: EventContract<Ms[I]> }): EventContract<Merged<Ms>> {
  const schemas: EventSchemas = {};
  const upcasters: UpcasterRegistry = {};
  for (const c of contracts as EventContract<EventSchemas>[]) {
    Object.assign(schemas, c.schemas);
    Object.assign(upcasters, c.upcasters);
  }
  return defineEvents(schemas as Merged<Ms>, upcasters);
}
type Merged<Ms extends EventSchemas[]> = Ms extends [infer H extends EventSchemas, ...infer T extends EventSchemas[]] ? (T extends [] ? H : H & Merged<T>) : never;

/** Several contracts' events as one parser (a projection that reads more than one context). */
// any: EventContract is invariant in its schema map, so the constraint must take every map
export function combineEvents<Cs extends EventContract<any>[]>(...contracts: Cs) {
  // distributes over the contracts (each one's events, not the union's lowest common shape)
  type Union = Cs[number] extends infer C ? (C extends EventContract<infer M> ? EventOf<M> : never) : never;
  const byType = new Map<string, EventContract<EventSchemas>>();
  for (const c of contracts) for (const t of c.types) byType.set(t, c);
  return {
    types: [...byType.keys()] as Union['type'][],
    /** a type's data schema, from the contract that names it */
    schemaOf: (type: string): EventSchemas[string] | undefined => byType.get(type)?.schemas[type],
    /** the whole recorded event (envelope, checkpoint included) with typed `type` and `data` */
    parseRecorded(recorded: RecordedEvent): ParsedEvent<Union> {
      const contract = byType.get(recorded.type);
      if (!contract) throw new Error(`not an event of these contracts: ${recorded.type}`);
      return contract.parseRecorded(recorded) as ParsedEvent<Union>;
    },
  };
}

/**
 * The data fields that hold a secret's hash: the fields docs/event-catalogue.md marks secret
 * (its "Secret fields" list; a unit test keeps the two equal). No audit answer shows their
 * values: every one maps stored events through `toAuditedEvent` (ADR 0083).
 */
export const SECRET_FIELDS = ['passwordHash', 'codeHash', 'recoverCodeHash', 'refreshHash', 'confirmTokenHash', 'cancelTokenHash', 'linkHash'] as const;
export const REDACTED = '[redacted]';
const secret: ReadonlySet<string> = new Set(SECRET_FIELDS);

/** A value with every secret field, at any depth, shown as "[redacted]" (null stays null: there was none). */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, secret.has(k) && v !== null && v !== undefined ? REDACTED : redactSecrets(v)])) as T;
  }
  return value;
}

/** Fields a summary leaves out: ids the row already shows, and the secrets. */
const SUMMARY_SKIP: ReadonlySet<string> = new Set(['userId', 'actor', 'by', ...SECRET_FIELDS]);
/** A few of the data's fields, "name: value", for an audit list (the whole data is one click away). */
export function auditSummaryOf(data: Record<string, unknown>): string {
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

/**
 * A stored event as every audit answer shows it (ADR 0083, 0089): where it stands in the log, the
 * data as stored (secrets redacted), who, when, from where, and its hash.
 */
export const auditedEventSchema = z.object({
  /** global order across streams: "transactionId.position" */
  position: z.string(),
  streamId: z.string(),
  revision: z.string(),
  eventId: z.string(),
  type: z.string(),
  schemaVersion: z.number().int(),
  /** a few of the data's fields, "name: value", for a list */
  summary: z.string(),
  recordedAt: z.string(),
  /** metadata.actor: user id, guest:<id> or system */
  actor: z.string(),
  /** data.by when the event names who made the change (managers, staff, system:<reason>) */
  by: z.string().nullable(),
  origin: z.string(),
  /** the request's address and User-Agent (HTTP writes since ADR 0071; null otherwise) */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  clientTime: z.string().nullable(),
  hash: z.string(),
  /** the data as stored, secrets' hashes redacted */
  data: z.record(z.string(), z.unknown()),
});
export type AuditedEvent = z.infer<typeof auditedEventSchema>;

/**
 * The one mapping of a recorded event to what every audit answers (the user history, the answer
 * sheet, the booking's and the scheduled event's audits, the auditor's timeline and its exports):
 * the one place secrets are redacted (ADR 0083, 0089). An audit answer shows no other row.
 */
export const toAuditedEvent = (e: RecordedEvent): AuditedEvent => {
  const data = redactSecrets(e.data);
  return {
    position: `${e.checkpoint.transactionId}.${e.checkpoint.position}`,
    streamId: e.streamId,
    revision: e.revision.toString(),
    eventId: e.metadata.eventId,
    type: e.type,
    schemaVersion: e.metadata.schemaVersion,
    summary: auditSummaryOf(data),
    recordedAt: e.recordedAt.toISOString(),
    actor: e.metadata.actor,
    by: typeof e.data.by === 'string' ? e.data.by : null,
    origin: e.metadata.origin,
    ip: e.metadata.ip ?? null,
    userAgent: e.metadata.userAgent ?? null,
    correlationId: e.metadata.correlationId,
    causationId: e.metadata.causationId ?? null,
    clientTime: e.metadata.clientTime ?? null,
    hash: e.hash,
    data,
  };
};

/**
 * One stream of an audit answer, checked as `audit verify <stream>` checks it (ADR 0083): its hash
 * chain recomputed, then its events against the signed checkpoints that sealed them.
 */
export const streamVerificationSchema = z.object({
  streamId: z.string(),
  /** no break found: the chain verifies and every sealed event is the one its checkpoint sealed */
  verified: z.boolean(),
  /** events whose chain was checked */
  checked: z.number().int().nonnegative(),
  /** the first broken revision; null when verified */
  brokenAt: z.string().nullable(),
  reason: z.string().nullable(),
  /**
   * sealed: every event matches its checkpoint; partly-sealed: those up to `sealedRevision` do and
   * `unsealed` newer ones wait for the next checkpoint; unsealed: no checkpoint holds any of them
   * yet (chain checked only); broken: see `brokenAt` and `reason`
   */
  seal: z.enum(['sealed', 'partly-sealed', 'unsealed', 'broken']),
  /** the newest checkpoint that sealed the stream, the stream's revision in it and when it was sealed */
  checkpoint: z.string().nullable(),
  sealedRevision: z.string().nullable(),
  sealedAt: z.string().nullable(),
  /** events after `sealedRevision`: not sealed yet */
  unsealed: z.number().int().nonnegative(),
});
export type StreamVerification = z.infer<typeof streamVerificationSchema>;

/** The newest finished whole-log verification (`audit verify --all` or the auditor's screen); null before the first. */
export const wholeLogVerificationSchema = z
  .object({
    status: z.enum(['passed', 'failed']),
    finishedAt: z.string(),
    /** events it read */
    events: z.number().int().nonnegative(),
    /** the first broken place it found, in words; null when it passed */
    firstBreak: z.string().nullable(),
  })
  .nullable();
export type WholeLogVerification = z.infer<typeof wholeLogVerificationSchema>;
