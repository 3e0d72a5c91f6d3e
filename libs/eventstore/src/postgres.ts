import { randomUUID } from 'node:crypto';
import { jsonValue, query, type Database } from '@portal/database';
import { createAppendListeners } from './polling-subscription.js';
import {
  ConcurrencyError,
  DuplicateEventIdError,
  START,
  type AppendResult,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type UpcasterRegistry,
  type VerifyResult,
} from './port.js';
import { compareCheckpoints } from './port.js';
import { assertExpectedRevision, prepareEvents, type PreparedEvent } from './prepare-events.js';
import { StreamChain } from './stream-chain.js';
import { upcast } from './upcast.js';

export interface PostgresEventStoreOptions {
  upcasters?: UpcasterRegistry;
  /** Postgres schema holding the tables and functions; absent means the search path. */
  schema?: string;
  /** Fallback wake-up for subscriptions when no append notification arrives (ms). */
  pollIntervalMs?: number;
  /**
   * Appends in flight at once (default 8 on a server, 1 on PGlite, which is one session anyway).
   * Appends beyond it queue and go to the database together, in one es_append_batch call and one
   * transaction, as soon as a slot frees up.
   */
  maxConcurrentAppends?: number;
  /** Least time between two NOTIFYs of this process (ms, default 2): other processes hear of appends at most this much later. */
  notifyGapMs?: number;
}

/** The SQL objects for one schema; exported so tests and tools name the same tables. */
export function postgresEventStoreNames(schema?: string) {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new TypeError(`invalid schema name ${schema}`);
  const q = (name: string) => (schema ? `"${schema}".${name}` : name);
  return {
    events: q('es_events'),
    streams: q('es_streams'),
    append: q('es_append'),
    appendBatch: q('es_append_batch'),
    hash: q('es_event_hash'),
    checkpoints: q('es_checkpoints'),
    checkpointHeads: q('es_checkpoint_heads'),
    // NOTIFY channels are per database, not per schema: stores in different schemas must not wake each other
    channel: schema ? `es_appended_${schema}` : 'es_appended',
  };
}

interface AppendRow {
  o_status: 'written' | 'duplicate' | 'partial-duplicate' | 'conflict';
  o_revision: unknown;
  o_transaction_id: string | null;
  o_position: unknown;
}

interface PendingAppend {
  streamId: string;
  expected: string;
  expectedRevision: ExpectedRevision;
  events: PreparedEvent[];
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

interface EventRow {
  position: unknown;
  transaction_text: string;
  stream_id: string;
  revision: unknown;
  event_text: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  recorded_at: Date | string;
  hash: string;
}

/** pg hands int8 back as bigint (parser in @portal/database), PGlite as number when it fits, xid8 as text. */
export const toBigInt = (value: unknown): bigint => {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`expected an integer, got ${typeof value} ${String(value)}`);
};


// The text casts get their own names: ORDER BY prefers output names, and `order by transaction_id`
// over a text column called transaction_id would sort xids as strings ('999' after '1000').
const EVENT_COLUMNS =
  'e.position, e.transaction_id::text as transaction_text, e.stream_id, e.revision, e.event_id::text as event_text, e.type, e.schema_version, e.data, e.metadata, e.recorded_at, e.hash';

/**
 * The canonical text of an event and its chained hash, as SQL over any expressions. One template,
 * so es_append (which writes hashes), es_event_hash (for auditors in SQL) and verifyStream (which
 * hashes the canonical text in Node) cannot drift apart. jsonb's text output is canonical: keys
 * ordered, whitespace normalised, numbers as stored, so the hash does not depend on how a client
 * serialised the event.
 */
const canonicalSql = (e: { streamId: string; revision: string; eventId: string; type: string; schemaVersion: string; data: string; metadata: string }) =>
  `jsonb_build_object('streamId', ${e.streamId}, 'revision', ${e.revision}, 'eventId', ${e.eventId}, 'type', ${e.type}, 'schemaVersion', ${e.schemaVersion}, 'data', ${e.data}, 'metadata', ${e.metadata})::text`;
/** The canonical text of the es_events row `e`. */
export const CANONICAL_EVENT_SQL = canonicalSql({ streamId: 'e.stream_id', revision: 'e.revision', eventId: 'e.event_id', type: 'e.type', schemaVersion: 'e.schema_version', data: 'e.data', metadata: 'e.metadata' });
const hashSql = (previous: string, e: Parameters<typeof canonicalSql>[0]) =>
  `encode(sha256(convert_to(${previous} || ${canonicalSql(e)}, 'UTF8')), 'hex')`;

/**
 * Whether an append expecting `expected` conflicts with the stream as locked (v_found, v_revision).
 * A case, not and/or: SQL does not promise to short-circuit, and 'any'::bigint would fail
 * (parenthesised because PL/pgSQL ends an IF condition at the first THEN outside parentheses).
 */
const conflictSql = (expected: string) => `(case ${expected}
    when 'any' then false
    when 'no-stream' then v_found
    when 'exists' then not v_found
    else not v_found or v_revision <> ${expected}::bigint
  end)`;

/**
 * The schema. es_append takes the whole batch as one jsonb argument so an append is one statement,
 * one round trip and one implicit transaction; the row lock on es_streams serialises writers of a
 * stream, which is what makes the hash chain and the revision check safe. See
 * docs/adr/0002-postgres-event-store.md.
 */
function schemaStatements(n: ReturnType<typeof postgresEventStoreNames>, schema?: string): string[] {
  const element = (i: string) => ({
    eventId: `(p_events->${i}->>'eventId')::uuid`,
    type: `p_events->${i}->>'type'`,
    schemaVersion: `(p_events->${i}->>'schemaVersion')::int`,
    data: `p_events->${i}->'data'`,
    metadata: `p_events->${i}->'metadata'`,
  });
  return [
    ...(schema ? [`create schema if not exists "${schema}"`] : []),
    `create table if not exists ${n.events} (
  position bigserial primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  revision bigint not null,
  event_id uuid not null unique,
  type text not null,
  schema_version int not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  hash text not null,
  unique (stream_id, revision)
)`,
    `create index if not exists es_events_transaction_position on ${n.events} (transaction_id, position)`,
    // positionAt: a date to the log position recorded then (reports as of a date, ADR 0070)
    `create index if not exists es_events_recorded_position on ${n.events} (recorded_at, position)`,
    `create table if not exists ${n.streams} (
  stream_id text primary key,
  revision bigint not null,
  last_hash text not null
)`,
    // Signed checkpoints that seal the global log in order (ADR 0030, log-audit.ts). `entries`
    // holds, per sealed event in global order, its position (8 bytes) and the first 16 bytes of the
    // sha256 of its sealed line; `heads` are the streams that moved in the range.
    `create table if not exists ${n.checkpoints} (
  number bigint primary key,
  previous_digest text not null,
  from_transaction_id xid8 not null,
  from_position bigint not null,
  to_transaction_id xid8 not null,
  to_position bigint not null,
  event_count int not null,
  lines_digest text not null,
  entries bytea not null,
  head_count int not null,
  sealed_at timestamptz not null,
  public_key text not null,
  signature text not null,
  digest text not null
)`,
    `create table if not exists ${n.checkpointHeads} (
  stream_id text not null,
  checkpoint bigint not null,
  revision bigint not null,
  last_hash text not null,
  primary key (stream_id, checkpoint)
)`,
    `create index if not exists es_checkpoint_heads_checkpoint on ${n.checkpointHeads} (checkpoint)`,
    // the checkpoint whose range holds an event: the first one ending at or after it (a subject's check, ADR 0083)
    `create index if not exists es_checkpoints_range_end on ${n.checkpoints} (to_transaction_id, to_position)`,
    `create or replace function ${n.hash}(
  p_previous text, p_stream_id text, p_revision bigint, p_event_id uuid, p_type text,
  p_schema_version int, p_data jsonb, p_metadata jsonb
) returns text language sql stable parallel safe as $fn$
  select ${hashSql('p_previous', { streamId: 'p_stream_id', revision: 'p_revision', eventId: 'p_event_id', type: 'p_type', schemaVersion: 'p_schema_version', data: 'p_data', metadata: 'p_metadata' })}
$fn$`,
    `create or replace function ${n.append}(
  p_stream_id text, p_expected text, p_events jsonb
) returns table (o_status text, o_revision bigint, o_transaction_id text, o_position bigint)
language plpgsql as $fn$
declare
  v_count int := jsonb_array_length(p_events);
  v_revision bigint;
  v_hash text;
  v_hashes text[];
  v_found boolean;
  v_matched int;
  v_position bigint;
  v_transaction xid8;
begin
  loop
    select s.revision, s.last_hash into v_revision, v_hash from ${n.streams} s where s.stream_id = p_stream_id for update;
    v_found := found;
    -- Before the expected revision: a retry of a batch that did commit must succeed although its
    -- expected revision is stale by now. Batches are all or nothing, so probing the first id is
    -- enough to skip the full check for new batches.
    if v_found and exists (select 1 from ${n.events} e where e.event_id = ${element('0').eventId}) then
      select count(*)::int, max(e.position) into v_matched, v_position
        from ${n.events} e
        where e.stream_id = p_stream_id
          and e.event_id in (select (x->>'eventId')::uuid from jsonb_array_elements(p_events) x);
      if v_matched = v_count then
        return query select 'duplicate'::text, v_revision, e.transaction_id::text, e.position
          from ${n.events} e where e.position = v_position;
        return;
      elsif v_matched > 0 then
        return query select 'partial-duplicate'::text, v_revision, null::text, null::bigint;
        return;
      end if;
    end if;
    if ${conflictSql('p_expected')} then
      return query select 'conflict'::text, v_revision, null::text, null::bigint;
      return;
    end if;
    if not v_found then
      v_revision := -1;
      v_hash := '';
    end if;
    for i in 0 .. v_count - 1 loop
      v_hash := ${hashSql('v_hash', { streamId: 'p_stream_id', revision: 'v_revision + 1 + i', ...element('i') })};
      v_hashes[i + 1] := v_hash;
    end loop;
    if v_found then
      update ${n.streams} set revision = v_revision + v_count, last_hash = v_hash where stream_id = p_stream_id;
      exit;
    end if;
    -- a new stream: a concurrent creator of the same stream waits on this row, then finds the
    -- stream on its next pass and is judged against it
    insert into ${n.streams} (stream_id, revision, last_hash) values (p_stream_id, v_revision + v_count, v_hash) on conflict do nothing;
    exit when found;
  end loop;

  v_transaction := pg_current_xact_id();
  if v_count = 1 then
    insert into ${n.events} (transaction_id, stream_id, revision, event_id, type, schema_version, data, metadata, hash)
      values (v_transaction, p_stream_id, v_revision + 1, ${Object.values(element('0')).join(', ')}, v_hash)
      returning position into v_position;
  else
    -- ordered, so positions (nextval per row) ascend with revisions
    with inserted as (
      insert into ${n.events} (transaction_id, stream_id, revision, event_id, type, schema_version, data, metadata, hash)
        select v_transaction, p_stream_id, v_revision + x.n, (x.e->>'eventId')::uuid, x.e->>'type', (x.e->>'schemaVersion')::int,
               x.e->'data', x.e->'metadata', v_hashes[x.n]
          from jsonb_array_elements(p_events) with ordinality as x(e, n)
          order by x.n
        returning position
    )
    select max(inserted.position) into v_position from inserted;
  end if;
  return query select 'written'::text, v_revision + v_count, v_transaction::text, v_position;
end
$fn$`,
    // Several appends in one transaction: each is judged exactly as on its own (a conflict in one
    // leaves the others alone), and they share one commit and one round trip. With one append per
    // stream it is set-based: streams are locked or created one by one in the caller's (sorted)
    // order, then every event goes in with one INSERT.
    // Several appends to one stream take es_append one after the other. A batch that repeats
    // stored event ids fails as a whole (unique event_id, or the check on a conflict), and the
    // caller sends its appends one by one, so es_append can answer 'duplicate' to the retry.
    `create or replace function ${n.appendBatch}(p_appends jsonb)
returns table (o_index int, o_status text, o_revision bigint, o_transaction_id text, o_position bigint)
language plpgsql as $fn$
declare
  v_count int := jsonb_array_length(p_appends);
  v_append jsonb;
  v_events jsonb;
  v_stream text;
  v_expected text;
  v_revision bigint;
  v_hash text;
  v_found boolean;
  v_n int;
  v_exact bigint;
  v_status text[];
  v_revisions bigint[];
  -- the events to insert (k of them)
  k int := 0;
  e_stream text[];
  e_revision bigint[];
  e_event jsonb[];
  e_hash text[];
  v_transaction xid8;
begin
  if (select count(distinct a->>'streamId') from jsonb_array_elements(p_appends) a) < v_count then
    for i in 0 .. v_count - 1 loop
      v_append := p_appends->i;
      return query select i, a.o_status, a.o_revision, a.o_transaction_id, a.o_position
        from ${n.append}(v_append->>'streamId', v_append->>'expected', v_append->'events') a;
    end loop;
    return;
  end if;

  for i in 1 .. v_count loop
    v_append := p_appends->(i - 1);
    v_stream := v_append->>'streamId';
    v_expected := v_append->>'expected';
    v_events := v_append->'events';
    v_n := jsonb_array_length(v_events);
    -- one event to a stream that exists and accepts it: lock, check, hash and move the head in one
    -- statement (the cast happens here, not in the statement, where a planner could fold it early)
    if v_n = 1 and v_expected <> 'no-stream' then
      v_exact := null;
      if v_expected not in ('any', 'exists') then
        v_exact := v_expected::bigint;
      end if;
      update ${n.streams} s
         set revision = s.revision + 1,
             last_hash = ${hashSql('s.last_hash', {
               streamId: 'v_stream',
               revision: 's.revision + 1',
               eventId: "(v_events->0->>'eventId')::uuid",
               type: "v_events->0->>'type'",
               schemaVersion: "(v_events->0->>'schemaVersion')::int",
               data: "v_events->0->'data'",
               metadata: "v_events->0->'metadata'",
             })}
       where s.stream_id = v_stream and (v_exact is null or s.revision = v_exact)
      returning s.revision, s.last_hash into v_revision, v_hash;
      if found then
        k := k + 1;
        e_stream[k] := v_stream;
        e_revision[k] := v_revision;
        e_event[k] := v_events->0;
        e_hash[k] := v_hash;
        v_status[i] := 'written';
        v_revisions[i] := v_revision;
        continue;
      end if;
      -- no such stream, or another revision: judged below
    end if;
    loop
      select s.revision, s.last_hash into v_revision, v_hash from ${n.streams} s where s.stream_id = v_stream for update;
      v_found := found;
      if ${conflictSql('v_expected')} then
        -- a retry of an append that did commit is a duplicate, not a conflict: es_append tells
        -- them apart, so give the whole batch back to the caller, which sends it append by append
        if v_found and exists (select 1 from ${n.events} e where e.event_id = (v_events->0->>'eventId')::uuid) then
          raise exception 'es_append_batch: append % repeats stored events', i using errcode = 'P0002';
        end if;
        v_status[i] := 'conflict';
        v_revisions[i] := v_revision;
        exit;
      end if;
      if not v_found then
        v_revision := -1;
        v_hash := '';
      end if;
      for j in 0 .. v_n - 1 loop
        v_hash := ${hashSql('v_hash', {
          streamId: 'v_stream',
          revision: 'v_revision + 1 + j',
          eventId: "(v_events->j->>'eventId')::uuid",
          type: "v_events->j->>'type'",
          schemaVersion: "(v_events->j->>'schemaVersion')::int",
          data: "v_events->j->'data'",
          metadata: "v_events->j->'metadata'",
        })};
        k := k + 1;
        e_stream[k] := v_stream;
        e_revision[k] := v_revision + 1 + j;
        e_event[k] := v_events->j;
        e_hash[k] := v_hash;
      end loop;
      v_status[i] := 'written';
      v_revisions[i] := v_revision + v_n;
      if v_found then
        update ${n.streams} set revision = v_revision + v_n, last_hash = v_hash where stream_id = v_stream;
        exit;
      end if;
      insert into ${n.streams} (stream_id, revision, last_hash) values (v_stream, v_revision + v_n, v_hash) on conflict do nothing;
      exit when found;
      -- another transaction created the stream first: forget this pass's events and judge again
      k := k - v_n;
    end loop;
  end loop;

  v_transaction := pg_current_xact_id();
  -- ordered, so positions (nextval per row) ascend with revisions
  return query
    with inserted as (
      insert into ${n.events} (transaction_id, stream_id, revision, event_id, type, schema_version, data, metadata, hash)
        select v_transaction, x.stream_id, x.revision, (x.e->>'eventId')::uuid, x.e->>'type', (x.e->>'schemaVersion')::int,
               x.e->'data', x.e->'metadata', x.hash
          from unnest(e_stream[1:k], e_revision[1:k], e_event[1:k], e_hash[1:k]) with ordinality as x(stream_id, revision, e, hash, n)
          order by x.n
        returning stream_id, position
    ), last_positions as (
      select inserted.stream_id, max(inserted.position) as position from inserted group by inserted.stream_id
    )
    select (i - 1)::int, v_status[i], v_revisions[i],
           case when v_status[i] = 'written' then v_transaction::text end,
           case when v_status[i] = 'written' then l.position end
      from generate_series(1, v_count) as i
      left join last_positions l on l.stream_id = p_appends->(i - 1)->>'streamId'
      order by i;
end
$fn$`,
  ];
}

const expectedToText = (expected: ExpectedRevision): string => {
  assertExpectedRevision(expected);
  return typeof expected === 'bigint' ? expected.toString() : expected;
};

export function createPostgresEventStore(database: Database, options: PostgresEventStoreOptions = {}): EventStore {
  const names = postgresEventStoreNames(options.schema);
  const db = database.db;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  // lets this instance ignore its own NOTIFY: its listeners were already called after commit
  const instanceId = randomUUID();
  let listening: Promise<(() => Promise<void>) | null> | null = null;
  const live = createAppendListeners({ readAll: (o) => store.readAll(o) }, () => ensureListening(), pollIntervalMs);
  const fire = live.fire;

  // NOTIFY takes a database-wide lock from pre-commit to the end of the commit, so appends that
  // notify commit one at a time (pgbench, 32 clients: 1,750 appends/s with pg_notify inside
  // es_append, 3,500-5,500 without). Instead at most one NOTIFY per process is in flight, sent
  // after the append committed; an append that commits while one is in flight gets another after
  // it, so every commit is followed by a notification other processes can act on.
  const notifyGapMs = options.notifyGapMs ?? 2;
  let notifyAgain = false;
  let notifying: Promise<void> | null = null;
  const notifyOtherProcesses = () => {
    if (database.kind === 'pglite') {
      // in-process emitter, delivered on the next tick: nothing to coalesce
      void database.notify(db, names.channel, instanceId);
      return;
    }
    if (notifying) {
      notifyAgain = true;
      return;
    }
    notifying = (async () => {
      for (let first = true; first || (notifyAgain && !live.closed); first = false) {
        // a short gap between notifications: under load each one covers many commits, and every
        // NOTIFY's commit holds the database-wide notify lock that appends' commits queue behind
        if (!first) await new Promise((resolveGap) => setTimeout(resolveGap, notifyGapMs));
        notifyAgain = false;
        try {
          await database.notify(db, names.channel, instanceId);
        } catch (error) {
          if (!live.closed) console.error(`event store: NOTIFY ${names.channel} failed; other processes fall back to polling`, error);
        }
      }
      notifying = null;
    })();
  };

  const ensureListening = () => {
    listening ??= database
      .listen(names.channel, (payload) => {
        if (payload !== instanceId) fire();
      })
      .catch((error: unknown) => {
        // subscriptions still poll, so a failed LISTEN only costs latency
        console.error(`event store: LISTEN ${names.channel} failed, falling back to polling`, error);
        return null;
      });
  };

  const toRecorded = (row: EventRow): RecordedEvent => {
    const stored = jsonValue(row.metadata) as EventMetadata;
    const { data, metadata } = upcast(options.upcasters, row.type, jsonValue(row.data) as Record<string, unknown>, {
      ...stored,
      eventId: row.event_text,
      schemaVersion: row.schema_version,
    });
    return {
      streamId: row.stream_id,
      revision: toBigInt(row.revision),
      checkpoint: { transactionId: toBigInt(row.transaction_text), position: toBigInt(row.position) },
      type: row.type,
      data,
      metadata,
      recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
      hash: row.hash,
    };
  };

  /** Turns es_append's answer into the caller's result or error. */
  const settle = (pending: PendingAppend, row: AppendRow | undefined): void => {
    if (!row) return pending.reject(new Error('es_append returned no row'));
    const revision = row.o_revision === null ? null : toBigInt(row.o_revision);
    const eventIds = () => pending.events.map((e) => e.eventId);
    switch (row.o_status) {
      case 'conflict':
        return pending.reject(new ConcurrencyError(pending.streamId, pending.expectedRevision, revision));
      case 'partial-duplicate':
        return pending.reject(new DuplicateEventIdError(pending.streamId, eventIds(), 'some of the event ids are already stored in this stream'));
      case 'duplicate':
      case 'written':
        return pending.resolve({
          nextRevision: revision!,
          checkpoint: { transactionId: toBigInt(row.o_transaction_id), position: toBigInt(row.o_position) },
          written: row.o_status === 'written',
        });
      default: {
        const never: never = row.o_status;
        return pending.reject(new Error(`unexpected es_append status ${String(never)}`));
      }
    }
  };

  const isDuplicateEventId = (error: unknown) =>
    (error as { code?: string }).code === '23505' && /event_id/.test(String((error as { constraint?: string }).constraint ?? (error as Error).message));

  // the statement has returned, so its transaction has committed
  const committed = (appends: PendingAppend[], rows: AppendRow[]) => {
    const types = new Set<string>();
    rows.forEach((row, i) => {
      if (row.o_status === 'written') for (const event of appends[i]!.events) types.add(event.type);
    });
    if (types.size > 0) {
      fire([...types]);
      notifyOtherProcesses();
    }
  };

  const appendOne = async (pending: PendingAppend): Promise<void> => {
    let rows: AppendRow[];
    try {
      rows = await query<AppendRow>(db, `select * from ${names.append}($1, $2, $3::jsonb)`, [pending.streamId, pending.expected, JSON.stringify(pending.events)]);
    } catch (error) {
      pending.reject(
        isDuplicateEventId(error)
          ? new DuplicateEventIdError(pending.streamId, pending.events.map((e) => e.eventId), 'an event id is already stored in another stream')
          : error,
      );
      return;
    }
    committed([pending], rows);
    settle(pending, rows[0]);
  };

  const appendMany = async (batch: PendingAppend[]): Promise<void> => {
    // stream order, so two batches lock stream rows in the same order and cannot deadlock; the
    // sort is stable, so appends to one stream keep their order
    const ordered = [...batch].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
    let rows: Array<AppendRow & { o_index: number }>;
    try {
      rows = await query<AppendRow & { o_index: number }>(db, `select * from ${names.appendBatch}($1::jsonb)`, [
        JSON.stringify(ordered.map((p) => ({ streamId: p.streamId, expected: p.expected, events: p.events }))),
      ]);
    } catch {
      // one append's error (an event id stored already, maybe by this very append's earlier
      // attempt) rolls back all of them: redo them one by one so that es_append judges each
      for (const pending of ordered) await appendOne(pending);
      return;
    }
    const byIndex = new Map(rows.map((row) => [Number(row.o_index), row]));
    committed(ordered, ordered.map((_, index) => byIndex.get(index) ?? { o_status: 'conflict', o_revision: null, o_transaction_id: null, o_position: null }));
    ordered.forEach((pending, index) => settle(pending, byIndex.get(index)));
  };

  // Appends are sent at the end of the event loop's turn, so the appends of one burst (the
  // callers of a finished batch appending again, requests read in one poll) share one
  // es_append_batch call and one commit instead of going one alone and the rest behind it. At most
  // `maxInFlight` batches are in flight; when all of them are free, a burst is spread over them, so
  // they run side by side and the next burst queues behind whichever finishes first (two lanes:
  // one commits while the other is being filled). See docs/adr/0002-postgres-event-store.md.
  const maxInFlight = Math.max(1, options.maxConcurrentAppends ?? (database.kind === 'pg' ? 2 : 1));
  const maxBatch = 64;
  const minSpread = 4;
  const queue: PendingAppend[] = [];
  let inFlight = 0;
  let idle: Array<() => void> = [];
  let pumpScheduled = false;
  const schedulePump = () => {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  };
  const release = () => {
    inFlight--;
    if (queue.length > 0) schedulePump();
    else if (inFlight === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };
  const drained = () => (inFlight === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)));
  const pump = () => {
    const lanes = inFlight === 0 ? Math.min(maxInFlight, Math.max(1, Math.floor(queue.length / minSpread))) : 1;
    const size = Math.min(maxBatch, Math.ceil(queue.length / lanes));
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, size);
      inFlight++;
      void (batch.length === 1 ? appendOne(batch[0]!) : appendMany(batch)).finally(release);
    }
  };
  const submit = (pending: PendingAppend) => {
    queue.push(pending);
    schedulePump();
  };

  const store: EventStore = {
    kind: database.kind === 'pg' ? 'postgres' : 'pglite',

    async migrate() {
      await db.transaction().execute(async (tx) => {
        // concurrent migrations (two processes starting) would otherwise race on catalog rows
        await query(tx, `select pg_advisory_xact_lock(hashtext('es_migrate'))`);
        for (const statement of schemaStatements(names, options.schema)) await query(tx, statement);
      });
    },

    async append(streamId, events, appendOptions): Promise<AppendResult> {
      if (live.closed) throw new Error('event store is closed');
      if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('stream id is required');
      if (events.length === 0) throw new TypeError('append needs at least one event');
      const expected = expectedToText(appendOptions.expectedRevision);
      const prepared = prepareEvents(events, appendOptions);
      return new Promise<AppendResult>((resolve, reject) => {
        submit({ streamId, expected, expectedRevision: appendOptions.expectedRevision, events: prepared, resolve, reject });
      });
    },

    async readStream(streamId, readOptions = {}) {
      const rows = await query<EventRow>(
        db,
        `select ${EVENT_COLUMNS} from ${names.events} e where e.stream_id = $1 and e.revision >= $2::bigint order by e.revision limit $3`,
        [streamId, (readOptions.fromRevision ?? 0n).toString(), readOptions.limit ?? null],
      );
      return rows.map(toRecorded);
    },

    async readAll(readOptions: ReadAllOptions = {}): Promise<ReadAllResult> {
      const after = readOptions.after ?? START;
      const limit = readOptions.limit ?? 1000;
      const params: unknown[] = [after.transactionId.toString(), after.position.toString(), limit];
      let typeFilter = '';
      if (readOptions.types) {
        if (readOptions.types.length === 0) return { events: [], checkpoint: after };
        params.push(readOptions.types);
        typeFilter = 'and e.type = any($4::text[])';
      }
      // Only transactions older than every running one: none of them can still commit a row
      // below the checkpoint we hand out, so nothing committed out of order is ever skipped.
      const pageSql = `select ${EVENT_COLUMNS} from ${names.events} e
         where (e.transaction_id, e.position) > ($1::xid8, $2::bigint)
           and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           ${typeFilter}
         order by e.transaction_id, e.position
         limit $3`;
      if (!readOptions.types) {
        const events = (await query<EventRow>(db, pageSql, params)).map(toRecorded);
        return { events, checkpoint: events.length > 0 ? events[events.length - 1]!.checkpoint : after };
      }
      // A filtered read that comes back short also says how far it looked: the newest visible
      // event of any type. One statement, so page and head share its snapshot (and it is one
      // round trip: projection runners make this read on every pass).
      const rows = await query<EventRow & { is_head: boolean }>(
        db,
        `with page as (${pageSql}),
         head as (select e.position, e.transaction_id::text as transaction_text from ${names.events} e
                  where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
                  order by e.transaction_id desc, e.position desc limit 1)
         select false as is_head, page.* from page
         union all
         select true, head.position, head.transaction_text, null, null, null, null, null, null, null, null, null from head`,
        params,
      );
      const events = rows
        .filter((row) => !row.is_head)
        .map(toRecorded)
        .sort((a, b) => compareCheckpoints(a.checkpoint, b.checkpoint));
      const checkpoint = events.length > 0 ? events[events.length - 1]!.checkpoint : after;
      if (events.length >= limit) return { events, checkpoint };
      const head = rows.find((row) => row.is_head);
      const visible = head ? { transactionId: toBigInt(head.transaction_text), position: toBigInt(head.position) } : START;
      return { events, checkpoint, scannedTo: compareCheckpoints(visible, checkpoint) > 0 ? visible : checkpoint };
    },

    subscribe: live.subscribe,
    onAppended: live.onAppended,

    async verifyStream(streamId): Promise<VerifyResult> {
      const rows = await query<{ revision: unknown; hash: string; canonical: string }>(
        db,
        `select e.revision, e.hash, ${CANONICAL_EVENT_SQL} as canonical
           from ${names.events} e where e.stream_id = $1 order by e.revision`,
        [streamId],
      );
      const head = (await query<{ revision: unknown; last_hash: string }>(db, `select revision, last_hash from ${names.streams} where stream_id = $1`, [streamId]))[0];
      // hashed here rather than by es_event_hash so the check does not trust a function stored in the database it audits
      const chain = new StreamChain(streamId);
      for (const row of rows) {
        const broken = chain.add(toBigInt(row.revision), row.hash, row.canonical);
        if (broken) return broken;
      }
      return chain.finish(head && { revision: toBigInt(head.revision), lastHash: head.last_hash });
    },

    async headCheckpoint(): Promise<Checkpoint> {
      const rows = await query<{ transaction_text: string; position: unknown }>(
        db,
        `select e.transaction_id::text as transaction_text, e.position from ${names.events} e
         order by e.transaction_id desc, e.position desc limit 1`,
      );
      const row = rows[0];
      return row ? { transactionId: toBigInt(row.transaction_text), position: toBigInt(row.position) } : START;
    },

    async positionAt(at: Date): Promise<Checkpoint | null> {
      const rows = await query<{ transaction_text: string; position: unknown }>(
        db,
        `select e.transaction_id::text as transaction_text, e.position from ${names.events} e
         where e.recorded_at < $1::timestamptz + interval '1 millisecond' -- the whole millisecond (recorded_at has microseconds)
         order by e.recorded_at desc, e.position desc limit 1`,
        [at.toISOString()],
      );
      const row = rows[0];
      return row ? { transactionId: toBigInt(row.transaction_text), position: toBigInt(row.position) } : null;
    },

    async close() {
      if (!live.close()) return;
      await drained();
      await live.stopAll();
      await notifying;
      const unlisten = await listening;
      await unlisten?.();
    },
  };
  return store;
}
