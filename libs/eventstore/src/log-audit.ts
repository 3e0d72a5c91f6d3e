import { setImmediate } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { query, type Database, type Executor } from '@portal/database';
import { canonicalJson } from './canonical-json.js';
import { START, checkpointToString, compareCheckpoints, type Checkpoint, type EventMetadata, type RecordedEvent } from './port.js';
import { CANONICAL_EVENT_SQL, postgresEventStoreNames, toBigInt } from './postgres.js';
import { verifySignature, type LogSigner } from './signing.js';
import { StreamChain } from './stream-chain.js';

/**
 * Checkpoints that seal the whole log (ADR 0030). Each checkpoint covers the events after the
 * previous one in global order (transaction id, position), each by a line naming its position,
 * transaction id, recorded_at (microseconds), stream, revision and chain hash; the chain hash binds
 * the rest of the event, because the stream chain is checked too. It also lists the stream heads
 * that moved, chains to the previous checkpoint by digest and is signed with an Ed25519 key the
 * database does not hold. Postgres and PGlite only: EventStoreDB has no such tables.
 */

export const CHECKPOINT_FORMAT = 'portal-log-checkpoint/1';
/** Bytes per sealed event in `entries`: position (int64 big-endian) and a 16-byte line hash prefix. */
const ENTRY = 24;
const LINE_HASH = 16;
const SEAL_PAGE = 1000;
/** Lines hashed between two turns of the event loop while sealing (about a millisecond of work). */
const SEAL_YIELD_EVERY = 250;

export type LogBreak =
  | { kind: 'stream'; streamId: string; revision: bigint; reason: string }
  | { kind: 'checkpoint'; checkpoint: bigint; position: bigint | null; streamId?: string; revision?: bigint; reason: string };

export interface LogVerifyResult {
  ok: boolean;
  /** Events read in global order. */
  events: number;
  /** Streams whose chain was checked. */
  streams: number;
  checkpoints: number;
  /** Events after the newest checkpoint: their stream chains are checked, but nothing seals them yet. */
  unsealed: number;
  /** Where the newest checkpoint ends. */
  sealedUpTo: Checkpoint | null;
  /** Events whose canonical text had to be rebuilt by the database (their hash did not match the text built in Node). */
  rechecked: number;
  /** Checkpoint breaks by checkpoint number, then stream breaks by stream; the first is the first broken place. */
  breaks: LogBreak[];
}

/** How far a verification has come: events checked in global order, of `total` counted when it began. */
export interface LogVerifyProgress {
  checked: number;
  /** events in the log when the run began (the count grows if events arrive meanwhile) */
  total: number;
}

export interface SealedCheckpoint {
  number: bigint;
  from: Checkpoint;
  to: Checkpoint;
  events: number;
  heads: number;
  digest: string;
}

/** What the checkpoints say about one stream. */
export interface SealedStreamVerdict {
  /** the first place where the stream and its seal disagree; null when they agree */
  break: LogBreak | null;
  /** the newest checkpoint that sealed the stream, the stream's head in it and when it was sealed; null: none yet */
  sealed: { checkpoint: bigint; revision: bigint; sealedAt: Date } | null;
  /** the stream's events after that head: not sealed yet (a checkpoint follows within AUDIT_CHECKPOINT_SECONDS) */
  unsealed: number;
}

/** The newest checkpoint this process sealed, kept outside the database: removing checkpoints from the tail shows. */
export interface SealWitness {
  read(): { number: bigint; digest: string } | null;
  write(checkpoint: { number: bigint; digest: string }): void;
}

export class LogSealRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogSealRefusedError';
  }
}

export interface LogAudit {
  /**
   * Seals everything committed and visible to readers (below every running transaction) into
   * checkpoints of at most `maxEvents` events. On a server only one process seals at a time (an
   * advisory lock held for the run); a process that finds it taken returns []. Refuses
   * (LogSealRefusedError) when the witness names a checkpoint the database no longer has.
   */
  seal(options: { signer: LogSigner; maxEvents?: number; witness?: SealWitness; now?: () => Date }): Promise<SealedCheckpoint[]>;
  /** Every stream's chain and every checkpoint, against public keys given from outside the database. */
  verify(options: {
    trustedKeys: readonly string[];
    witness?: SealWitness;
    maxBreaks?: number;
    pageSize?: number;
    /** Called once the log is counted and after every page read (the CLI's bar, the auditor's screen). */
    onProgress?: (progress: LogVerifyProgress) => void;
  }): Promise<LogVerifyResult>;
  /**
   * One stream against the checkpoints that sealed it (`audit verify <stream>` and every auditor
   * route, ADR 0083): the newest checkpoint that sealed it (trusted key, signature) still holds
   * its head, and every event up to that head is the one its checkpoint sealed (its recorded_at,
   * transaction, position and chain hash, the checkpoint's own signature checked). With a witness,
   * also that the newest checkpoint this installation sealed is still there. Its chain is checked
   * apart (`EventStore.verifyStream`).
   */
  verifySealedStream(streamId: string, options: { trustedKeys: readonly string[]; witness?: SealWitness }): Promise<SealedStreamVerdict>;
  /** Events committed after the newest checkpoint, estimated from positions (cheap). */
  unsealedEstimate(): Promise<number>;
  /** The events at these global positions as stored (no upcasting: what the hash chain covers), in global order (the auditor's timeline, ADR 0071). */
  readAt(positions: readonly bigint[]): Promise<RecordedEvent[]>;
}

interface CheckpointRow {
  number: unknown;
  previous_digest: string;
  from_tx: string;
  from_position: unknown;
  to_tx: string;
  to_position: unknown;
  event_count: number;
  lines_digest: string;
  head_count: number;
  sealed_at: Date | string;
  public_key: string;
  signature: string;
  digest: string;
}

interface Head {
  streamId: string;
  revision: bigint;
  hash: string;
}

interface GlobalRow {
  p: string;
  t: string;
  u: string;
  s: string;
  r: string;
  h: string;
}

/** An event as verification reads it: its sealed line's fields and what its canonical text is built from. */
interface LogRow extends GlobalRow {
  i: string;
  y: string;
  v: number;
  d: string;
  m: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();
const toBuffer = (value: unknown): Buffer => (Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array));

/** What a checkpoint says about one event; every field here is covered by the signature. */
const sealedLine = (row: GlobalRow) => `${row.p} ${row.t} ${row.u} ${row.r} ${JSON.stringify(row.s)} ${row.h}\n`;

const headsDigest = (heads: Head[]): string =>
  sha256(
    [...heads]
      .sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0))
      .map((h) => `${JSON.stringify(h.streamId)} ${h.revision} ${h.hash}\n`)
      .join(''),
  ).toString('hex');

interface Statement {
  number: bigint;
  previous: string;
  from: Checkpoint;
  to: Checkpoint;
  events: number;
  /** sha256 of the sealed lines, each ending in a newline: one running hash checks a whole checkpoint. */
  linesDigest: string;
  entries: Buffer;
  heads: Head[];
  sealedAt: Date;
  publicKey: string;
}

/** The signed text of a checkpoint: canonical JSON, so it is rebuilt byte for byte from the row. */
const statementText = (s: Statement): string =>
  canonicalJson({
    format: CHECKPOINT_FORMAT,
    number: s.number.toString(),
    previous: s.previous,
    from: checkpointToString(s.from),
    to: checkpointToString(s.to),
    events: s.events,
    lines: s.linesDigest,
    entries: sha256(s.entries).toString('hex'),
    heads: s.heads.length,
    headsDigest: headsDigest(s.heads),
    sealedAt: s.sealedAt.toISOString(),
    publicKey: s.publicKey,
  });

/** Pages of a keyset query, the next one requested before the current one is handed out. */
async function* prefetched<R>(fetch: (last: R | null) => Promise<R[]>, pageSize: number): AsyncGenerator<R[]> {
  let next = fetch(null);
  for (;;) {
    const page = await next;
    if (page.length === 0) return;
    next = page.length < pageSize ? Promise.resolve([]) : fetch(page[page.length - 1]!);
    next.catch(() => undefined); // awaited on the next pass; not an unhandled rejection if the caller stops first
    yield page;
  }
}

/** A file holding the newest checkpoint this process sealed (written atomically). */
export function fileWitness(path: string): SealWitness {
  return {
    read() {
      if (!existsSync(path)) return null;
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as { number: string; digest: string };
      return { number: BigInt(parsed.number), digest: parsed.digest };
    },
    write(checkpoint) {
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ number: checkpoint.number.toString(), digest: checkpoint.digest }), { mode: 0o600 });
      renameSync(temporary, path);
    },
  };
}

export function createLogAudit(
  database: Database,
  options: {
    schema?: string;
    /** decrypts personal fields of what readAt answers, as the store's reads do (ADR 0091); the chain and seals are checked on the stored bytes */
    decrypt?: (events: RecordedEvent[]) => Promise<RecordedEvent[]>;
  } = {},
): LogAudit {
  const n = postgresEventStoreNames(options.schema);
  const db = database.db;

  const CHECKPOINT_COLUMNS = `c.number, c.previous_digest, c.from_transaction_id::text as from_tx, c.from_position, c.to_transaction_id::text as to_tx,
    c.to_position, c.event_count, c.lines_digest, c.head_count, c.sealed_at, c.public_key, c.signature, c.digest`;
  const fromOf = (row: CheckpointRow): Checkpoint => ({ transactionId: toBigInt(row.from_tx), position: toBigInt(row.from_position) });
  const toOf = (row: CheckpointRow): Checkpoint => ({ transactionId: toBigInt(row.to_tx), position: toBigInt(row.to_position) });

  /** The sealer's page: like readAll, only transactions older than every running one, so nothing can still commit inside a sealed range. */
  const visiblePage = (executor: Executor, after: Checkpoint, limit: number) =>
    query<GlobalRow>(
      executor,
      `select e.position::text as p, e.transaction_id::text as t, (extract(epoch from e.recorded_at) * 1000000)::int8::text as u,
              e.stream_id as s, e.revision::text as r, e.hash as h
         from ${n.events} e
        where (e.transaction_id, e.position) > ($1::xid8, $2::bigint)
          and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by e.transaction_id, e.position
        limit $3`,
      [after.transactionId.toString(), after.position.toString(), limit],
    );
  const logPage = (after: Checkpoint, limit: number) =>
    query<LogRow>(
      db,
      `select e.position::text as p, e.transaction_id::text as t, (extract(epoch from e.recorded_at) * 1000000)::int8::text as u,
              e.stream_id as s, e.revision::text as r, e.hash as h,
              e.event_id::text as i, e.type as y, e.schema_version as v, e.data::text as d, e.metadata::text as m
         from ${n.events} e
        where (e.transaction_id, e.position) > ($1::xid8, $2::bigint)
        order by e.transaction_id, e.position
        limit $3`,
      [after.transactionId.toString(), after.position.toString(), limit],
    );
  const rowCheckpoint = (row: GlobalRow): Checkpoint => ({ transactionId: BigInt(row.t), position: BigInt(row.p) });
  /** Whether the event lies after `to` in global order, on the decimal texts (no bigint per event). */
  const beyond = (row: GlobalRow, to: { tx: string; position: string }): boolean => {
    const { tx, position } = to;
    const byTx = row.t.length - tx.length || (row.t < tx ? -1 : row.t > tx ? 1 : 0);
    if (byTx !== 0) return byTx > 0;
    return row.p.length !== position.length ? row.p.length > position.length : row.p > position;
  };

  const latest = async (executor: Executor) =>
    (await query<CheckpointRow>(executor, `select ${CHECKPOINT_COLUMNS} from ${n.checkpoints} c order by c.number desc limit 1`))[0];

  const headsOf = async (executor: Executor, number: bigint): Promise<Head[]> =>
    (await query<{ stream_id: string; revision: unknown; last_hash: string }>(executor, `select stream_id, revision, last_hash from ${n.checkpointHeads} where checkpoint = $1`, [number.toString()])).map(
      (h) => ({ streamId: h.stream_id, revision: toBigInt(h.revision), hash: h.last_hash }),
    );

  const entriesOf = async (executor: Executor, number: bigint): Promise<Buffer> =>
    toBuffer((await query<{ entries: unknown }>(executor, `select entries from ${n.checkpoints} where number = $1`, [number.toString()]))[0]?.entries ?? new Uint8Array());

  /** Why a stored checkpoint cannot be trusted as it stands (null: signed by a trusted key, as stored). */
  const statementProblem = (row: CheckpointRow, entries: Buffer, heads: Head[], trusted: ReadonlySet<string>): string | null => {
    if (!trusted.has(row.public_key)) return `signed by a key that is not trusted (${row.public_key})`;
    const text = statementText({
      number: toBigInt(row.number),
      previous: row.previous_digest,
      from: fromOf(row),
      to: toOf(row),
      events: row.event_count,
      linesDigest: row.lines_digest,
      entries,
      heads,
      sealedAt: row.sealed_at instanceof Date ? row.sealed_at : new Date(row.sealed_at),
      publicKey: row.public_key,
    });
    if (!verifySignature(row.public_key, text, row.signature)) return 'its signature does not match its contents: the checkpoint, its entries or its stream heads were altered';
    if (sha256(text).toString('hex') !== row.digest) return 'its stored digest does not match its contents';
    if (entries.length !== row.event_count * ENTRY || heads.length !== row.head_count) return 'its entries or stream heads are incomplete';
    return null;
  };

  async function sealOnce(executor: Executor, signer: LogSigner, maxEvents: number, witness: SealWitness | undefined, now: () => Date): Promise<SealedCheckpoint | null> {
    const last = await latest(executor);
    const witnessed = witness?.read() ?? null;
    if (witnessed) {
      const at = (await query<{ digest: string }>(executor, `select digest from ${n.checkpoints} where number = $1`, [witnessed.number.toString()]))[0];
      if (!at || at.digest !== witnessed.digest) {
        throw new LogSealRefusedError(`checkpoint ${witnessed.number}, which this process sealed, is ${at ? 'different' : 'missing'} in the database: checkpoints were removed or rewritten; not sealing over it`);
      }
    }
    const from = last ? toOf(last) : START;
    const rows: GlobalRow[] = [];
    // small pages: the API seals between requests, and each page's hashing holds its event loop
    const pageSize = Math.min(SEAL_PAGE, maxEvents);
    for await (const page of prefetched<GlobalRow>((l) => visiblePage(executor, l ? rowCheckpoint(l) : from, pageSize), pageSize)) {
      rows.push(...page);
      if (rows.length >= maxEvents) break;
    }
    // a page asked for ahead may reach past maxEvents; the range ends where maxEvents does
    if (rows.length > maxEvents) rows.length = maxEvents;
    if (rows.length === 0) return null;
    const to = rowCheckpoint(rows[rows.length - 1]!);

    const entries = Buffer.alloc(rows.length * ENTRY);
    const lines = createHash('sha256');
    const touched = new Set<string>();
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const line = sealedLine(row);
      lines.update(line);
      entries.writeBigInt64BE(BigInt(row.p), i * ENTRY);
      sha256(line).copy(entries, i * ENTRY + 8, 0, LINE_HASH);
      touched.add(row.s);
      // the API seals in its own process: hashing 10,000 lines at once held its event loop for
      // tens of milliseconds (the /home p99 of the learning bench); let requests in between
      if (i % SEAL_YIELD_EVERY === SEAL_YIELD_EVERY - 1) await setImmediate();
    }
    const linesDigest = lines.digest('hex');
    // The head of a stream as of `to` is its highest revision at or below `to`, which need not be
    // in this range: an append that waited for a stream's row lock may hold an older transaction id
    // than the one it waited for, so global order can put revision r+1 before r.
    const heads = (
      await query<{ stream_id: string; revision: unknown; hash: string }>(
        executor,
        `select s.stream_id, h.revision, h.hash from unnest($1::text[]) as s(stream_id)
           cross join lateral (select e.revision, e.hash from ${n.events} e
                                where e.stream_id = s.stream_id and (e.transaction_id, e.position) <= ($2::xid8, $3::bigint)
                                order by e.revision desc limit 1) h`,
        [[...touched], to.transactionId.toString(), to.position.toString()],
      )
    ).map((h) => ({ streamId: h.stream_id, revision: toBigInt(h.revision), hash: h.hash }));

    const number = last ? toBigInt(last.number) + 1n : 1n;
    // timestamptz keeps microseconds, the statement milliseconds: seal a whole millisecond
    const sealedAt = new Date(Math.floor(now().getTime()));
    const text = statementText({ number, previous: last?.digest ?? '', from, to, events: rows.length, linesDigest, entries, heads, sealedAt, publicKey: signer.publicKey });
    const digest = sha256(text).toString('hex');
    try {
      // one statement, so the checkpoint and its heads commit together
      await query(
        executor,
        `with c as (
           insert into ${n.checkpoints} (number, previous_digest, from_transaction_id, from_position, to_transaction_id, to_position,
                                         event_count, entries, head_count, sealed_at, public_key, signature, digest, lines_digest)
           values ($1, $2, $3::xid8, $4, $5::xid8, $6, $7, $8, $9, $10, $11, $12, $13, $17)
           returning number)
         insert into ${n.checkpointHeads} (stream_id, checkpoint, revision, last_hash)
           select h.stream_id, c.number, h.revision, h.last_hash
             from c, unnest($14::text[], $15::bigint[], $16::text[]) as h(stream_id, revision, last_hash)`,
        [
          number.toString(),
          last?.digest ?? '',
          from.transactionId.toString(),
          from.position.toString(),
          to.transactionId.toString(),
          to.position.toString(),
          rows.length,
          entries,
          heads.length,
          sealedAt,
          signer.publicKey,
          signer.sign(text),
          digest,
          heads.map((h) => h.streamId),
          heads.map((h) => h.revision.toString()),
          heads.map((h) => h.hash),
          linesDigest,
        ],
      );
    } catch (error) {
      // another process sealed this number first (a CLI seal beside the API's job): its checkpoint stands
      if ((error as { code?: string }).code === '23505') return null;
      throw error;
    }
    witness?.write({ number, digest });
    return { number, from, to, events: rows.length, heads: heads.length, digest };
  }

  const audit: LogAudit = {
    async seal({ signer, maxEvents = 10_000, witness, now = () => new Date() }) {
      const run = async (executor: Executor) => {
        const sealed: SealedCheckpoint[] = [];
        for (;;) {
          const checkpoint = await sealOnce(executor, signer, maxEvents, witness, now);
          if (!checkpoint) return sealed;
          sealed.push(checkpoint);
          if (checkpoint.events < maxEvents) return sealed;
        }
      };
      // PGlite is one process and one session: nothing to lease
      if (database.kind === 'pglite') return run(db);
      return database.withSession(async (session) => {
        const taken = (await query<{ ok: boolean }>(session, `select pg_try_advisory_lock(hashtext($1)) as ok`, [`es_seal:${n.checkpoints}`]))[0]?.ok === true;
        if (!taken) return [];
        try {
          return await run(session);
        } finally {
          await query(session, `select pg_advisory_unlock(hashtext($1))`, [`es_seal:${n.checkpoints}`]).catch(() => undefined);
        }
      });
    },

    async verify({ trustedKeys, witness, maxBreaks = 100, pageSize = 5000, onProgress }) {
      const trusted = new Set(trustedKeys);
      // counted only for a caller that shows progress (one index-only count)
      let total = onProgress ? Number((await query<{ n: string }>(db, `select count(*)::text as n from ${n.events}`))[0]?.n ?? 0) : 0;
      onProgress?.({ checked: 0, total });
      const checkpointBreaks: LogBreak[] = [];
      const streamBreaks: LogBreak[] = [];
      const checkpoints = await query<CheckpointRow>(db, `select ${CHECKPOINT_COLUMNS} from ${n.checkpoints} c order by c.number`);
      const last = checkpoints.at(-1);

      const witnessed = witness?.read() ?? null;
      if (witnessed) {
        const at = checkpoints.find((c) => toBigInt(c.number) === witnessed.number);
        if (!at || at.digest !== witnessed.digest) {
          checkpointBreaks.push({
            kind: 'checkpoint',
            checkpoint: witnessed.number,
            position: null,
            reason: `the witness file says checkpoint ${witnessed.number} was sealed, but the database ${at ? 'holds another one' : 'has no such checkpoint'}: checkpoints were removed or rewritten`,
          });
        }
      }

      // One pass over the log in global order, which checks two things per event:
      // - its stream's chain. Revisions of a stream mostly come in order; one that comes before its
      //   predecessor (an append that waited on the stream's row lock can hold the older transaction
      //   id) waits in `pending` until the predecessor arrives.
      // - its sealed line. The lines of a checkpoint's range go through one running hash compared
      //   with the signed lines digest; only when that differs are they compared one by one with the
      //   entries, to name each event that changed, went or came.
      const streamHeads = new Map(
        (await query<{ stream_id: string; revision: unknown; last_hash: string }>(db, `select stream_id, revision, last_hash from ${n.streams}`)).map((h) => [
          h.stream_id,
          { revision: toBigInt(h.revision), lastHash: h.last_hash },
        ]),
      );
      const chains = new Map<string, StreamChain>();
      const pending = new Map<string, Map<bigint, LogRow>>();
      let rechecked = 0;
      // The canonical text is put together here from jsonb's text of data and metadata, which is
      // what jsonb_build_object(...)::text gives (keys by length, then bytes; JSON string escapes as
      // JSON.stringify's for text without lone surrogates) at a fraction of the server's work. A
      // hash that does not match is checked again on the text the database builds itself.
      const canonicalOf = (e: LogRow) =>
        `{"data": ${e.d}, "type": ${JSON.stringify(e.y)}, "eventId": "${e.i}", "metadata": ${e.m}, "revision": ${e.r}, "streamId": ${JSON.stringify(e.s)}, "schemaVersion": ${e.v}}`;
      const recheck = async (chain: StreamChain, event: LogRow, revision: bigint) => {
        rechecked++;
        const [stored] = await query<{ c: string }>(db, `select ${CANONICAL_EVENT_SQL} as c from ${n.events} e where e.stream_id = $1 and e.revision = $2`, [event.s, event.r]);
        chain.add(revision, event.h, stored?.c ?? '');
      };
      const chainAdd = async (chain: StreamChain, event: LogRow, revision: bigint) => {
        if (chain.add(revision, event.h, canonicalOf(event), true) === 'mismatch') await recheck(chain, event, revision);
      };
      const drain = async (chain: StreamChain, waiting: Map<bigint, LogRow>) => {
        for (let next = waiting.get(chain.nextRevision); next && !chain.isBroken; next = waiting.get(chain.nextRevision)) {
          waiting.delete(chain.nextRevision);
          await chainAdd(chain, next, chain.nextRevision);
        }
        if (waiting.size === 0) pending.delete(chain.streamId);
      };
      /** Synchronous unless the event needs the database's canonical text or releases waiting revisions. */
      const chainEvent = (event: LogRow): Promise<void> | undefined => {
        let chain = chains.get(event.s);
        if (!chain) chains.set(event.s, (chain = new StreamChain(event.s)));
        const revision = BigInt(event.r);
        if (revision > chain.nextRevision && !chain.isBroken) {
          let waiting = pending.get(event.s);
          if (!waiting) pending.set(event.s, (waiting = new Map()));
          waiting.set(revision, event);
          return undefined;
        }
        const waiting = pending.get(event.s);
        if (chain.add(revision, event.h, canonicalOf(event), true) === 'mismatch') {
          const done = recheck(chain, event, revision);
          return waiting ? done.then(() => drain(chain, waiting)) : done;
        }
        return waiting ? drain(chain, waiting) : undefined;
      };

      let events = 0;
      let unsealed = 0;
      let index = -1;
      let previousDigest = '';
      let previousTo = START;
      let previousNumber = 0n;
      // the open checkpoint
      let row: CheckpointRow | undefined;
      let toText = { tx: '0', position: '0' };
      let entries: Buffer = Buffer.alloc(0);
      let untrusted = false;
      let lines = createHash('sha256');
      let range: LogRow[] = [];
      const sealedAt = (i: number) => entries.readBigInt64BE(i * ENTRY);
      const brokenAt = (position: bigint | null, reason: string, where: { streamId?: string; revision?: bigint } = {}) => {
        if (checkpointBreaks.length < maxBreaks) {
          checkpointBreaks.push({ kind: 'checkpoint', checkpoint: toBigInt(row!.number), position, ...where, reason });
        }
      };
      const missing = (from: number, until: number) =>
        brokenAt(sealedAt(from), `the event sealed at global position ${sealedAt(from)}${until - from > 1 ? ` and the ${until - from - 1} sealed after it` : ''} ${until - from > 1 ? 'are' : 'is'} missing or moved in the global order`);
      /** Each event of the range against its entry, re-synchronising on positions after a difference. */
      const locate = () => {
        const count = row!.event_count;
        let sealedIndex: Map<bigint, number> | null = null;
        let next = 0;
        for (const event of range) {
          const position = BigInt(event.p);
          const revision = BigInt(event.r);
          const where = { streamId: event.s, revision };
          let at = next;
          if (at >= count || sealedAt(at) !== position) {
            if (!sealedIndex) {
              sealedIndex = new Map();
              for (let i = 0; i < count; i++) sealedIndex.set(sealedAt(i), i);
            }
            const found = sealedIndex.get(position);
            if (found === undefined) {
              brokenAt(position, `the event at global position ${position} (${event.s} revision ${revision}) lies in its range but was not sealed: inserted, or moved in the global order`, where);
              continue;
            }
            if (found < next) {
              brokenAt(position, `the event at global position ${position} (${event.s} revision ${revision}) was sealed earlier in the global order: moved`, where);
              continue;
            }
            missing(next, found);
            at = found;
          }
          const offset = at * ENTRY;
          if (sha256(sealedLine(event)).compare(entries, offset + 8, offset + 8 + LINE_HASH, 0, LINE_HASH) !== 0) {
            brokenAt(position, `the event at global position ${position} (${event.s} revision ${revision}) differs from what was sealed (its recorded_at, transaction, stream, revision or chain hash changed)`, where);
          }
          next = at + 1;
        }
        if (next < count) missing(next, count);
      };
      const close = () => {
        if (!row) return;
        if (!untrusted && (range.length !== row.event_count || lines.digest('hex') !== row.lines_digest)) locate();
        range = [];
        row = undefined;
      };
      const open = async () => {
        row = checkpoints[++index];
        if (!row) return;
        const number = toBigInt(row.number);
        const [sealedEntries, sealedHeads] = await Promise.all([entriesOf(db, number), headsOf(db, number)]);
        entries = sealedEntries;
        const to = toOf(row);
        toText = { tx: to.transactionId.toString(), position: to.position.toString() };
        lines = createHash('sha256');
        const problem =
          number !== previousNumber + 1n
            ? `checkpoint ${previousNumber + 1n} is missing`
            : row.previous_digest !== previousDigest
              ? `does not chain to checkpoint ${previousNumber}`
              : compareCheckpoints(fromOf(row), previousTo) !== 0
                ? `starts at ${checkpointToString(fromOf(row))}, not where checkpoint ${previousNumber} ended (${checkpointToString(previousTo)})`
                : statementProblem(row, entries, sealedHeads, trusted);
        // a checkpoint that cannot be trusted says nothing about its events
        untrusted = problem !== null;
        if (problem) brokenAt(fromOf(row).position, problem);
        // the next checkpoint chains to this one as stored; a break here is reported here only
        previousNumber = number;
        previousDigest = row.digest;
        previousTo = to;
      };

      await open();
      for await (const page of prefetched<LogRow>((l) => logPage(l ? rowCheckpoint(l) : START, pageSize), pageSize)) {
        for (const event of page) {
          events++;
          const chained = chainEvent(event);
          if (chained) await chained;
          if (row && beyond(event, toText)) {
            do {
              close();
              await open();
            } while (row && beyond(event, toText));
          }
          if (!row) {
            unsealed++;
            continue;
          }
          lines.update(sealedLine(event));
          range.push(event);
        }
        if (onProgress) {
          if (events > total) total = events;
          onProgress({ checked: events, total });
        }
      }
      while (row) {
        close();
        await open();
      }

      // every stream's verdict: its chain, revisions still waiting for a predecessor, its head
      for (const [streamId, waiting] of pending) {
        const chain = chains.get(streamId)!;
        const first = [...waiting.keys()].sort((a, b) => (a < b ? -1 : 1))[0]!;
        await chainAdd(chain, waiting.get(first)!, first);
      }
      const sortedIds = [...new Set([...chains.keys(), ...streamHeads.keys()])].sort();
      for (const streamId of sortedIds) {
        const chain = chains.get(streamId);
        const head = streamHeads.get(streamId);
        if (!chain) {
          streamBreaks.push({ kind: 'stream', streamId, revision: 0n, reason: `its head says revision ${head!.revision}, but it has no events: they were removed` });
          continue;
        }
        const verdict = chain.finish(head);
        if (!verdict.ok) streamBreaks.push({ kind: 'stream', streamId, revision: verdict.brokenAt ?? 0n, reason: verdict.reason ?? 'broken' });
      }
      const streams = sortedIds.length;
      const breaks = [...checkpointBreaks, ...streamBreaks].slice(0, maxBreaks);
      return { ok: breaks.length === 0, events, streams, checkpoints: checkpoints.length, unsealed, sealedUpTo: last ? toOf(last) : null, rechecked, breaks };
    },

    async verifySealedStream(streamId, { trustedKeys, witness }) {
      const trusted = new Set(trustedKeys);
      const count = async (after: bigint) =>
        Number((await query<{ n: string }>(db, `select count(*)::text as n from ${n.events} where stream_id = $1 and revision > $2`, [streamId, after.toString()]))[0]?.n ?? 0);
      const witnessed = witness?.read() ?? null;
      const witnessBreak = async (): Promise<LogBreak | null> => {
        if (!witnessed) return null;
        const at = (await query<{ digest: string }>(db, `select digest from ${n.checkpoints} where number = $1`, [witnessed.number.toString()]))[0];
        if (at && at.digest === witnessed.digest) return null;
        return { kind: 'checkpoint', checkpoint: witnessed.number, position: null, reason: `the witness file says checkpoint ${witnessed.number} was sealed, but the database ${at ? 'holds another one' : 'has no such checkpoint'}: checkpoints were removed or rewritten` };
      };
      const head = (
        await query<{ checkpoint: unknown; revision: unknown; last_hash: string }>(
          db,
          `select checkpoint, revision, last_hash from ${n.checkpointHeads} where stream_id = $1 order by checkpoint desc limit 1`,
          [streamId],
        )
      )[0];
      if (!head) return { break: await witnessBreak(), sealed: null, unsealed: await count(-1n) };
      const number = toBigInt(head.checkpoint);
      const revision = toBigInt(head.revision);
      const fail = (b: LogBreak, sealedAt: Date | null = null): Promise<SealedStreamVerdict> =>
        count(revision).then((unsealed) => ({ break: b, sealed: sealedAt ? { checkpoint: number, revision, sealedAt } : null, unsealed }));
      // every checkpoint that sealed an event of the stream, checked once: trusted key, signature, digest
      const checked = new Map<bigint, { row: CheckpointRow; entries: Buffer } | string>();
      const checkpointOf = async (c: bigint) => {
        let known = checked.get(c);
        if (known === undefined) {
          const row = (await query<CheckpointRow>(db, `select ${CHECKPOINT_COLUMNS} from ${n.checkpoints} c where c.number = $1`, [c.toString()]))[0];
          if (!row) known = 'it is missing, but its stream heads are still there';
          else {
            const entries = await entriesOf(db, c);
            known = statementProblem(row, entries, await headsOf(db, c), trusted) ?? { row, entries };
          }
          checked.set(c, known);
        }
        return known;
      };
      const newest = await checkpointOf(number);
      if (typeof newest === 'string') return fail({ kind: 'checkpoint', checkpoint: number, position: null, streamId, revision, reason: newest });
      const sealedAt = newest.row.sealed_at instanceof Date ? newest.row.sealed_at : new Date(newest.row.sealed_at);
      const stored = (await query<{ hash: string }>(db, `select hash from ${n.events} where stream_id = $1 and revision = $2`, [streamId, revision.toString()]))[0];
      if (!stored) return fail({ kind: 'stream', streamId, revision, reason: `sealed by checkpoint ${number}, but it is missing: events were removed` }, sealedAt);
      if (stored.hash !== head.last_hash) return fail({ kind: 'stream', streamId, revision, reason: `differs from what checkpoint ${number} sealed` }, sealedAt);
      // each sealed event against its checkpoint's entry: the first checkpoint ending at or after it holds it
      const events = await query<GlobalRow & { c: string | null }>(
        db,
        `select e.position::text as p, e.transaction_id::text as t, (extract(epoch from e.recorded_at) * 1000000)::int8::text as u,
                e.stream_id as s, e.revision::text as r, e.hash as h, c.number::text as c
           from ${n.events} e
           left join lateral (select k.number from ${n.checkpoints} k
                               where (k.to_transaction_id, k.to_position) >= (e.transaction_id, e.position)
                               order by k.to_transaction_id, k.to_position limit 1) c on true
          where e.stream_id = $1 and e.revision <= $2
          order by e.revision`,
        [streamId, revision.toString()],
      );
      const indexes = new Map<bigint, Map<bigint, number>>();
      for (const event of events) {
        const at = BigInt(event.r);
        const position = BigInt(event.p);
        if (event.c === null) return fail({ kind: 'stream', streamId, revision: at, reason: `lies after every checkpoint, but checkpoint ${number} sealed the stream up to revision ${revision}: moved in the global order` }, sealedAt);
        const c = BigInt(event.c);
        const sealing = await checkpointOf(c);
        if (typeof sealing === 'string') return fail({ kind: 'checkpoint', checkpoint: c, position, streamId, revision: at, reason: sealing }, sealedAt);
        let index = indexes.get(c);
        if (!index) {
          index = new Map();
          for (let i = 0; i < sealing.row.event_count; i++) index.set(sealing.entries.readBigInt64BE(i * ENTRY), i);
          indexes.set(c, index);
        }
        const i = index.get(position);
        if (i === undefined) return fail({ kind: 'checkpoint', checkpoint: c, position, streamId, revision: at, reason: `the event at global position ${position} lies in checkpoint ${c}'s range but was not sealed there: inserted, or moved in the global order` }, sealedAt);
        const offset = i * ENTRY + 8;
        if (sha256(sealedLine(event)).compare(sealing.entries, offset, offset + LINE_HASH, 0, LINE_HASH) !== 0) {
          return fail({ kind: 'checkpoint', checkpoint: c, position, streamId, revision: at, reason: `the event at global position ${position} differs from what checkpoint ${c} sealed (its recorded_at, transaction, stream, revision or chain hash changed)` }, sealedAt);
        }
      }
      if (events.length !== Number(revision) + 1) return fail({ kind: 'stream', streamId, revision, reason: `checkpoint ${number} sealed ${revision + 1n} events, ${events.length} are stored: events were removed` }, sealedAt);
      return { break: await witnessBreak(), sealed: { checkpoint: number, revision, sealedAt }, unsealed: await count(revision) };
    },

    async readAt(positions) {
      if (positions.length === 0) return [];
      const rows = await query<{ p: string; t: string; s: string; r: string; y: string; d: unknown; m: unknown; at: Date | string; h: string }>(
        db,
        `select e.position::text as p, e.transaction_id::text as t, e.stream_id as s, e.revision::text as r, e.type as y, e.data as d, e.metadata as m, e.recorded_at as at, e.hash as h
           from ${n.events} e where e.position = any($1::bigint[]) order by e.transaction_id, e.position`,
        [positions.map(String)],
      );
      const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
      const events = rows.map((row) => ({
        streamId: row.s,
        revision: BigInt(row.r),
        checkpoint: { transactionId: BigInt(row.t), position: BigInt(row.p) },
        type: row.y,
        data: json(row.d) as Record<string, unknown>,
        metadata: json(row.m) as EventMetadata,
        recordedAt: row.at instanceof Date ? row.at : new Date(row.at),
        hash: row.h,
      }));
      return options.decrypt ? options.decrypt(events) : events;
    },

    async unsealedEstimate() {
      const [head] = await query<{ position: unknown }>(db, `select max(position) as position from ${n.events}`);
      if (head?.position === null || head?.position === undefined) return 0;
      const sealed = await latest(db);
      return Number(toBigInt(head.position) - (sealed ? toBigInt(sealed.to_position) : 0n));
    },
  };
  return audit;
}
