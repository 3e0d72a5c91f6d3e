import { randomUUID } from 'node:crypto';
import { query, type Database } from '@portal/database';
import { sha256Hex } from './canonical-json.js';
import { startPollingSubscription } from './polling-subscription.js';
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
  type SubscribeOptions,
  type Subscription,
  type UpcasterRegistry,
  type VerifyResult,
} from './port.js';
import { compareCheckpoints } from './port.js';
import { assertExpectedRevision, prepareEvents, type PreparedEvent } from './prepare-events.js';
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

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

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
const hashSql = (previous: string, e: Parameters<typeof canonicalSql>[0]) =>
  `encode(sha256(convert_to(${previous} || ${canonicalSql(e)}, 'UTF8')), 'hex')`;

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
    `create table if not exists ${n.streams} (
  stream_id text primary key,
  revision bigint not null,
  last_hash text not null
)`,
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
    -- case, not and/or: SQL does not promise to short-circuit, and 'any'::bigint would fail
    -- (parenthesised because plpgsql ends an IF condition at the first THEN outside parentheses)
    if (case p_expected
          when 'any' then false
          when 'no-stream' then v_found
          when 'exists' then not v_found
          else not v_found or v_revision <> p_expected::bigint
        end) then
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
    // leaves the others alone), and they share one commit and one round trip.
    `create or replace function ${n.appendBatch}(p_appends jsonb)
returns table (o_index int, o_status text, o_revision bigint, o_transaction_id text, o_position bigint)
language plpgsql as $fn$
declare
  v_append jsonb;
begin
  for i in 0 .. jsonb_array_length(p_appends) - 1 loop
    v_append := p_appends->i;
    return query select i, a.o_status, a.o_revision, a.o_transaction_id, a.o_position
      from ${n.append}(v_append->>'streamId', v_append->>'expected', v_append->'events') a;
  end loop;
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
  const listeners = new Set<() => void>();
  const subscriptions = new Set<Subscription>();
  let listening: Promise<(() => Promise<void>) | null> | null = null;
  let closed = false;

  const fire = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('event store onAppended listener failed', error);
      }
    }
  };

  // NOTIFY takes a database-wide lock from pre-commit to the end of the commit, so appends that
  // notify commit one at a time (pgbench, 32 clients: 1,750 appends/s with pg_notify inside
  // es_append, 3,500-5,500 without). Instead at most one NOTIFY per process is in flight, sent
  // after the append committed; an append that commits while one is in flight gets another after
  // it, so every commit is followed by a notification other processes can act on.
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
      do {
        notifyAgain = false;
        try {
          await database.notify(db, names.channel, instanceId);
        } catch (error) {
          if (!closed) console.error(`event store: NOTIFY ${names.channel} failed; other processes fall back to polling`, error);
        }
      } while (notifyAgain && !closed);
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
    const stored = parseJson(row.metadata) as EventMetadata;
    const { data, metadata } = upcast(options.upcasters, row.type, parseJson(row.data) as Record<string, unknown>, {
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
  const committed = (rows: AppendRow[]) => {
    if (rows.some((row) => row.o_status === 'written')) {
      fire();
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
    committed(rows);
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
      // one append's error (an event id stored in another stream) rolls back all of them: redo
      // them one by one so that only that caller sees it
      for (const pending of ordered) await appendOne(pending);
      return;
    }
    committed(rows);
    const byIndex = new Map(rows.map((row) => [Number(row.o_index), row]));
    ordered.forEach((pending, index) => settle(pending, byIndex.get(index)));
  };

  // Under load, queued appends share a transaction: fewer commits and round trips per append
  // (pgbench, es_append at 32 clients vs four appends per call at 8: about 1.8x the appends/s).
  // A lone append never waits for company.
  const maxInFlight = Math.max(1, options.maxConcurrentAppends ?? (database.kind === 'pg' ? 8 : 1));
  const maxBatch = 64;
  const queue: PendingAppend[] = [];
  let inFlight = 0;
  let idle: Array<() => void> = [];
  const release = () => {
    inFlight--;
    pump();
    if (inFlight === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };
  const drained = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)));
  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      void (batch.length === 1 ? appendOne(batch[0]!) : appendMany(batch)).finally(release);
    }
  };
  const submit = (pending: PendingAppend) => {
    queue.push(pending);
    pump();
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
      if (closed) throw new Error('event store is closed');
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
      // event of any type, taken in the same snapshot (repeatable read) as the page.
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const events = (await query<EventRow>(trx, pageSql, params)).map(toRecorded);
          const checkpoint = events.length > 0 ? events[events.length - 1]!.checkpoint : after;
          if (events.length >= limit) return { events, checkpoint };
          const head = (
            await query<{ transaction_text: string; position: unknown }>(
              trx,
              `select e.transaction_id::text as transaction_text, e.position from ${names.events} e
               where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
               order by e.transaction_id desc, e.position desc limit 1`,
            )
          )[0];
          const visible = head ? { transactionId: toBigInt(head.transaction_text), position: toBigInt(head.position) } : START;
          return { events, checkpoint, scannedTo: compareCheckpoints(visible, checkpoint) > 0 ? visible : checkpoint };
        });
    },

    subscribe(subscribeOptions: SubscribeOptions): Subscription {
      if (closed) throw new Error('event store is closed');
      ensureListening();
      const inner = startPollingSubscription(store, subscribeOptions, pollIntervalMs);
      const subscription: Subscription = {
        async stop() {
          subscriptions.delete(subscription);
          await inner.stop();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    onAppended(listener) {
      ensureListening();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async verifyStream(streamId): Promise<VerifyResult> {
      const rows = await query<{ revision: unknown; hash: string; canonical: string }>(
        db,
        `select e.revision, e.hash, ${canonicalSql({ streamId: 'e.stream_id', revision: 'e.revision', eventId: 'e.event_id', type: 'e.type', schemaVersion: 'e.schema_version', data: 'e.data', metadata: 'e.metadata' })} as canonical
           from ${names.events} e where e.stream_id = $1 order by e.revision`,
        [streamId],
      );
      const head = (await query<{ revision: unknown; last_hash: string }>(db, `select revision, last_hash from ${names.streams} where stream_id = $1`, [streamId]))[0];
      // hashed here rather than by es_event_hash so the check does not trust a function stored in the database it audits
      let previous = '';
      let expectedRevision = 0n;
      for (const row of rows) {
        const revision = toBigInt(row.revision);
        if (revision !== expectedRevision) {
          return { ok: false, streamId, checked: Number(expectedRevision), brokenAt: expectedRevision, reason: `revision ${expectedRevision} is missing` };
        }
        if (sha256Hex(previous + row.canonical) !== row.hash) {
          return { ok: false, streamId, checked: Number(revision), brokenAt: revision, reason: `hash of revision ${revision} does not match its content and predecessor` };
        }
        previous = row.hash;
        expectedRevision += 1n;
      }
      const last = expectedRevision - 1n;
      if (head && (toBigInt(head.revision) !== last || head.last_hash !== previous)) {
        return { ok: false, streamId, checked: rows.length, brokenAt: expectedRevision, reason: `stream head (revision ${toBigInt(head.revision)}) does not match the last stored event: events were removed` };
      }
      if (!head && rows.length > 0) {
        return { ok: false, streamId, checked: rows.length, brokenAt: 0n, reason: 'events exist without a stream head' };
      }
      return { ok: true, streamId, checked: rows.length };
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

    async close() {
      if (closed) return;
      closed = true;
      await drained();
      await Promise.all([...subscriptions].map((s) => s.stop()));
      listeners.clear();
      await notifying;
      const unlisten = await listening;
      await unlisten?.();
    },
  };
  return store;
}
