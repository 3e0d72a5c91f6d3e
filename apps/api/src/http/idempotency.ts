import { createHash, randomUUID } from 'node:crypto';
import DataLoader from 'dataloader';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'safe-stable-stringify';
import { from, of, switchMap, type Observable } from 'rxjs';
import { query, type Database } from '@portal/database';
import { actorOf, AppError, type Clock } from '@portal/kernel';
import { CLIENT_TIME_HEADER, EVENT_POSITION_HEADER, IDEMPOTENCY_RETENTION_MS, checkClientTime, idempotencyKeyOf, registeredRoute, type PortalRequest } from '@portal/platform';

/**
 * Field mode on the server (ADR 0093): the first answer to a learner's write with an
 * `Idempotency-Key`, kept per caller for IDEMPOTENCY_RETENTION_MS, is the answer to every
 * replay (same status, body and x-event-position); the key with another request is 422.
 */

/** How long a running attempt owns its key: past it (the process died mid-request) a retry takes the key over. */
export const IDEMPOTENCY_LEASE_MS = 10_000;
/** How long a request waits for another attempt with its key to answer, before 503 (retry-after 1). */
const WAIT_MS = 12_000;
const POLL_MS = 20;
const SWEEP_EVERY_MS = 60 * 60_000;
/** The header a replayed answer carries (the IETF draft leaves it open; Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export interface StoredAnswer {
  fingerprint: string;
  /** null while an attempt runs */
  status: number | null;
  body: string | null;
  contentType: string | null;
  eventPosition: string | null;
  leaseUntil: Date | null;
}

/** The loads of one event-loop turn, at most 500, in one statement (as the event store groups its appends). */
const GROUPED = { cache: false, maxBatchSize: 500, batchScheduleFn: (run: () => void) => void setImmediate(run) } as const;

interface ClaimRow {
  scope: string;
  key: string;
  fingerprint: string;
  owner: string;
  now: Date;
}
interface CompletionRow {
  scope: string;
  key: string;
  owner: string;
  status: number;
  body: string;
  contentType: string | null;
  eventPosition: string | null;
}

const byKey = (a: { scope: string; key: string }, b: { scope: string; key: string }): number =>
  a.scope < b.scope ? -1 : a.scope > b.scope ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/**
 * One statement for a turn's rows; if it fails (a deadlock with another instance's statement, a
 * row the database refuses) each row goes alone, so one row's error is only its own request's.
 */
async function grouped<R, T>(rows: readonly R[], all: (rows: readonly R[]) => Promise<T[]>): Promise<(T | Error)[]> {
  try {
    return await all(rows);
  } catch (error) {
    if (rows.length === 1) throw error;
    return Promise.all(rows.map((row) => all([row]).then((r) => r[0]!, (e: unknown) => (e instanceof Error ? e : new Error(String(e))))));
  }
}

/** The `idempotency_keys` table: one row per (caller, key). */
export class IdempotencyStore {
  private lastSweep = 0;
  // one statement for the claims (and one for the answers) of one event-loop turn: a storm of
  // drains costs a round trip per turn, not per item (ADR 0093, decision 9)
  private readonly claims = new DataLoader<ClaimRow, boolean>((c) => grouped(c, (rows) => this.claimAll(rows)), GROUPED);
  private readonly completions = new DataLoader<CompletionRow, void>((a) => grouped(a, (rows) => this.completeAll(rows)), GROUPED);

  constructor(private readonly database: Database) {}

  async migrate(): Promise<void> {
    const db = this.database.db;
    await query(db, `create table if not exists idempotency_keys (
      scope text not null,
      key text not null,
      fingerprint text not null,
      owner uuid,
      lease_until timestamptz,
      status int,
      body text,
      content_type text,
      event_position text,
      created_at timestamptz not null,
      primary key (scope, key)
    )`);
    await query(db, 'create index if not exists idempotency_keys_created_idx on idempotency_keys (created_at)');
  }

  /** The key's row, unless older than the retention. */
  async find(scope: string, key: string, now: Date): Promise<StoredAnswer | null> {
    const rows = await query<{ fingerprint: string; status: number | null; body: string | null; content_type: string | null; event_position: string | null; lease_until: Date | string | null }>(
      this.database.db,
      'select fingerprint, status, body, content_type, event_position, lease_until from idempotency_keys where scope = $1 and key = $2 and created_at >= $3',
      [scope, key, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)],
    );
    const r = rows[0];
    if (!r) return null;
    return { fingerprint: r.fingerprint, status: r.status, body: r.body, contentType: r.content_type, eventPosition: r.event_position, leaseUntil: r.lease_until === null ? null : new Date(r.lease_until) };
  }

  /**
   * Takes the key for `owner`: a new key, one past the retention, or one whose running attempt's
   * lease ran out with the same request (a crash mid-request). False when another attempt holds it.
   * The claims of one event-loop turn (a drain storm) go to the database as one statement.
   */
  claim(scope: string, key: string, fingerprint: string, owner: string, now: Date): Promise<boolean> {
    return this.claims.load({ scope, key, fingerprint, owner, now });
  }

  /** Keeps the first answer (only the attempt that owns the key); grouped per event-loop turn as the claims. */
  async complete(scope: string, key: string, owner: string, answer: { status: number; body: string; contentType: string | null; eventPosition: string | null }): Promise<void> {
    await this.completions.load({ scope, key, owner, ...answer });
  }

  private async claimAll(claims: readonly ClaimRow[]): Promise<boolean[]> {
    // a key twice in one turn (two tabs at the same moment): the first claims it, the other finds it running and waits
    const seen = new Set<string>();
    const unique = [...claims].sort(byKey).filter((c) => {
      const id = JSON.stringify([c.scope, c.key]);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    const rows = await query<{ owner: string }>(
      this.database.db,
      `insert into idempotency_keys as k (scope, key, fingerprint, owner, lease_until, created_at)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::timestamptz[], $6::timestamptz[])
       on conflict (scope, key) do update set fingerprint = excluded.fingerprint, owner = excluded.owner, lease_until = excluded.lease_until,
         status = null, body = null, content_type = null, event_position = null, created_at = excluded.created_at
       where k.created_at < excluded.created_at - $7::bigint * interval '1 millisecond'
         or (k.status is null and k.lease_until < excluded.created_at and k.fingerprint = excluded.fingerprint)
       returning owner`,
      [
        unique.map((c) => c.scope),
        unique.map((c) => c.key),
        unique.map((c) => c.fingerprint),
        unique.map((c) => c.owner),
        unique.map((c) => new Date(c.now.getTime() + IDEMPOTENCY_LEASE_MS)),
        unique.map((c) => c.now),
        IDEMPOTENCY_RETENTION_MS,
      ],
    );
    const claimed = new Set(rows.map((r) => r.owner));
    return claims.map((c) => claimed.has(c.owner));
  }

  private async completeAll(answers: readonly CompletionRow[]): Promise<void[]> {
    // in key order, as the claims, so that two statements take their rows' locks in the same order
    const rows = [...answers].sort(byKey);
    await query(
      this.database.db,
      `update idempotency_keys k set status = v.status, body = v.body, content_type = v.content_type, event_position = v.event_position, owner = null, lease_until = null
       from unnest($1::text[], $2::text[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[]) as v(scope, key, owner, status, body, content_type, event_position)
       where k.scope = v.scope and k.key = v.key and k.owner = v.owner and k.status is null`,
      [
        rows.map((a) => a.scope),
        rows.map((a) => a.key),
        rows.map((a) => a.owner),
        rows.map((a) => a.status),
        rows.map((a) => a.body),
        rows.map((a) => a.contentType),
        rows.map((a) => a.eventPosition),
      ],
    );
    return answers.map(() => undefined);
  }

  /** Gives the key back (the answer may be retried: 5xx, write-conflict, 429): the next request with it runs. */
  async release(scope: string, key: string, owner: string): Promise<void> {
    await query(this.database.db, 'delete from idempotency_keys where scope = $1 and key = $2 and owner = $3 and status is null', [scope, key, owner]);
  }

  /** Deletes answers past the retention; returns how many. */
  async sweep(now: Date): Promise<number> {
    const rows = await query(this.database.db, 'delete from idempotency_keys where created_at < $1 returning 1', [new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)]);
    return rows.length;
  }

  /** At most once an hour per process, in the background. */
  sweepNowAndThen(now: Date): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    void this.sweep(now).catch(() => undefined);
  }
}

interface Claim {
  scope: string;
  key: string;
  owner: string;
}
type ClaimedRequest = FastifyRequest & { idempotencyClaim?: Claim };

/** Same caller, key and request: method, path with query, JSON body and client time. */
export function requestFingerprint(req: { method: string; url: string; body?: unknown; headers: Record<string, unknown> }): string {
  const clientTime = req.headers[CLIENT_TIME_HEADER];
  const text = stringify({ method: req.method, url: req.url, body: req.body ?? null, clientTime: typeof clientTime === 'string' ? clientTime : null }) ?? '';
  return createHash('sha256').update(text).digest('hex');
}

const API = '/api';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * On routes whose contract is `idempotent` (ADR 0093), before the handler: a key already
 * answered replays its answer, a key used for another request is 422, a key another attempt
 * is running waits for that answer; otherwise the X-Client-Time is checked (400) and the key is
 * claimed, and `registerIdempotencyCapture` keeps the answer. Runs after the guard (the caller is
 * known) and outside every other interceptor.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly clock: Clock,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<ClaimedRequest & PortalRequest>();
    const url = req.routeOptions?.url;
    const route = url?.startsWith(`${API}/`) ? registeredRoute(req.method, url.slice(API.length)) : undefined;
    if (!route?.route.idempotent) return next.handle();
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    return from(this.begin(req, reply)).pipe(switchMap((d) => (d.kind === 'run' ? next.handle() : of(d.body))));
  }

  private checkTime(req: PortalRequest): void {
    const check = checkClientTime(req.headers[CLIENT_TIME_HEADER], this.clock.now());
    if (!check.ok) throw new AppError('app/bed-request', 'Invalid request', [check.error]);
    // the handler records the instant in its canonical form
    if (check.at) req.headers[CLIENT_TIME_HEADER] = check.at;
  }

  private async begin(req: ClaimedRequest & PortalRequest, reply: FastifyReply): Promise<{ kind: 'run' } | { kind: 'replay'; body: unknown }> {
    const key = idempotencyKeyOf(req);
    if (!key || !req.principal) {
      this.checkTime(req);
      return { kind: 'run' };
    }
    const scope = actorOf(req.principal);
    const fingerprint = requestFingerprint(req);
    const deadline = Date.now() + WAIT_MS;
    // a new item (the common case of a drain) claims its key in one statement; a time out of
    // bounds is only refused once it is known not to be a replay (an answer kept 30 days outlives it)
    const first = this.clock.now();
    if (checkClientTime(req.headers[CLIENT_TIME_HEADER], first).ok && (await this.claim(req, scope, key, fingerprint, first))) return { kind: 'run' };
    for (;;) {
      const now = this.clock.now();
      const stored = await this.store.find(scope, key, now);
      if (stored && stored.fingerprint !== fingerprint) throw new AppError('idempotency-key-reused', undefined, [{ path: 'idempotency-key', code: 'reused', message: 'this key was sent before with another request' }]);
      if (stored && stored.status !== null) return { kind: 'replay', body: replay(reply, stored) };
      if (stored && stored.leaseUntil && stored.leaseUntil.getTime() > now.getTime()) {
        // another tab or instance is running this very request: its answer is ours
        if (Date.now() > deadline) throw new AppError('503');
        await sleep(POLL_MS);
        continue;
      }
      // a new key, or a takeover after a crash mid-request: the time is checked before anything runs
      this.checkTime(req);
      if (await this.claim(req, scope, key, fingerprint, now)) return { kind: 'run' };
    }
  }

  private async claim(req: ClaimedRequest & PortalRequest, scope: string, key: string, fingerprint: string, now: Date): Promise<boolean> {
    this.checkTime(req);
    const owner = randomUUID();
    if (!(await this.store.claim(scope, key, fingerprint, owner, now))) return false;
    req.idempotencyClaim = { scope, key, owner };
    this.store.sweepNowAndThen(now);
    return true;
  }
}

function replay(reply: FastifyReply, stored: StoredAnswer): unknown {
  reply.status(stored.status!);
  reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (stored.eventPosition) reply.header(EVENT_POSITION_HEADER, stored.eventPosition);
  if (stored.contentType) reply.header('content-type', stored.contentType);
  return stored.body === null || stored.body === '' ? undefined : JSON.parse(stored.body);
}

/** An answer the client may send again for a different outcome: not kept, the key is given back. */
const retryable = (reply: FastifyReply): boolean => {
  const status = reply.statusCode;
  return status >= 500 || status === 401 || status === 408 || status === 429 || reply.hasHeader('retry-after');
};

/** Keeps the first answer of a claimed request as it leaves (after the error filter wrote it). */
export function registerIdempotencyCapture(fastify: FastifyInstance, store: IdempotencyStore, log: (message: string) => void): void {
  fastify.addHook('onSend', async (request: ClaimedRequest, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    try {
      const text = typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : null;
      if (text === null || retryable(reply)) {
        await store.release(claim.scope, claim.key, claim.owner);
      } else {
        const position = reply.getHeader(EVENT_POSITION_HEADER);
        const contentType = reply.getHeader('content-type');
        await store.complete(claim.scope, claim.key, claim.owner, {
          status: reply.statusCode,
          body: text,
          contentType: typeof contentType === 'string' ? contentType : null,
          eventPosition: typeof position === 'string' ? position : null,
        });
      }
    } catch (error) {
      // the answer still goes out; the key stays claimed until its lease ends, then a retry runs again (its event ids are keyed)
      log(`idempotency answer not kept: ${error instanceof Error ? error.message : String(error)}`);
    }
    return payload;
  });
}
