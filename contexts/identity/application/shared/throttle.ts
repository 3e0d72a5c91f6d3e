import { createHmac } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { query, type Database, type Executor } from '@portal/database';
import { APP_CONFIG, CLOCK, DATABASE, type AppConfig } from '@portal/platform';
import { isoOrNull, type Clock } from '@portal/kernel';
import { counterExpiresAt, decideAttempt, emptyCounters, recognisePair, settleSuccess, type ThrottleCounters, type ThrottleLimit } from '../../domain/index.js';
import { emailKey } from './email-key.js';

const TABLE = 'identity_sign_in_throttle';
/** Expired rows are deleted at most this often per instance. */
const SWEEP_EVERY_MS = 10 * 60_000;

interface Row {
  key: string;
  failures: number;
  last_failure_at: Date | string | null;
  recognised_until: Date | string | null;
  tat: Date | string | null;
}
type Keys = { pair: string; address: string | null; account: string };

const ms = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

export type AttemptAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number; limit: ThrottleLimit };

/**
 * Storage of the sign-in throttle (rules in domain/sign-in-throttle.ts, ADR 0032): one table
 * shared by every API instance. A row's key is an HMAC of the e-mail's key and/or the client
 * address under the server secret, so the table holds neither an address nor an e-mail. Every
 * change locks the rows it reads (`for update`, in key order), so concurrent attempts on any
 * instance are counted one by one.
 */
@Injectable()
export class SignInThrottle implements OnModuleInit {
  private lastSweep = 0;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await sql`create table if not exists identity_sign_in_throttle (
      key text primary key,
      failures int not null default 0,
      last_failure_at timestamptz,
      recognised_until timestamptz,
      tat timestamptz,
      expires_at timestamptz not null
    )`.execute(this.database.db);
    await sql`create index if not exists identity_sign_in_throttle_expires on identity_sign_in_throttle (expires_at)`.execute(this.database.db);
    // the table before ADR 0032: keyed by the e-mail in clear
    await sql`drop table if exists auth_throttle`.execute(this.database.db);
  }

  private keys(email: string, ip: string | null): Keys {
    const mac = (value: string) => createHmac('sha256', this.config.jwtSecret).update(`portal-sign-in-throttle\n${value}`).digest('base64url');
    const account = emailKey(email);
    return { pair: mac(`pair\n${account}\n${ip ?? ''}`), address: ip ? mac(`address\n${ip}`) : null, account: mac(`account\n${account}`) };
  }

  /**
   * Erasure (ADR 0091): deletes the rows of a subject's addresses, alone and paired with each
   * client address they signed in from. The rows of a client address alone are not the subject's
   * (any account tried from there counts) and stay until they expire. Answers the rows deleted.
   */
  async forget(emails: readonly string[], ips: readonly string[]): Promise<number> {
    const keys = new Set<string>();
    for (const email of emails) {
      keys.add(this.keys(email, null).account);
      for (const ip of [null, ...ips]) keys.add(this.keys(email, ip).pair);
    }
    if (keys.size === 0) return 0;
    const rows = await query(this.database.db, `delete from ${TABLE} where key = any($1::text[]) returning key`, [[...keys]]);
    return rows.length;
  }

  /**
   * May this e-mail be tried with a password from this address now? When it may, the attempt is
   * already counted as a failure; call `succeeded` when the password was right.
   */
  async attempt(email: string, ip: string | null): Promise<AttemptAnswer> {
    const now = this.clock.now().getTime();
    const answer = await this.change<AttemptAnswer>(this.keys(email, ip), (counters) => {
      const decision = decideAttempt(counters, now);
      return decision.allowed
        ? { write: decision.charged, answer: { allowed: true } }
        : { write: null, answer: { allowed: false, retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000), limit: decision.limit } };
    });
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await query(this.database.db, `delete from ${TABLE} where expires_at < $1`, [new Date(now).toISOString()]);
    }
    return answer;
  }

  /** The right password: the attempt is refunded, the pair's failures forgotten and the pair recognised. */
  async succeeded(email: string, ip: string | null): Promise<void> {
    const now = this.clock.now().getTime();
    await this.change(this.keys(email, ip), (counters) => ({ write: settleSuccess(counters, now), answer: undefined }));
  }

  /** A used sign-in link proves the owner: the pair's failures are forgotten and the pair recognised. */
  async recognise(email: string, ip: string | null): Promise<void> {
    const now = this.clock.now().getTime();
    await this.change(this.keys(email, ip), (counters) => ({ write: { ...counters, pair: recognisePair(now) }, answer: undefined }));
  }

  private async change<T>(keys: Keys, decide: (counters: ThrottleCounters) => { write: ThrottleCounters | null; answer: T }): Promise<T> {
    const now = this.clock.now().getTime();
    const all = [keys.pair, keys.account, ...(keys.address ? [keys.address] : [])].sort();
    return this.database.db.transaction().execute(async (trx) => {
      // rows first, so that the lock below also serialises two first attempts on a key
      await query(trx, `insert into ${TABLE} (key, expires_at) select unnest($1::text[]), $2 on conflict (key) do nothing`, [all, new Date(now).toISOString()]);
      const rows = await query<Row>(trx, `select key, failures, last_failure_at, recognised_until, tat from ${TABLE} where key = any($1::text[]) order by key for update`, [all]);
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const budget = (key: string | null) => (key === null ? null : { tat: ms(byKey.get(key)?.tat ?? null) });
      const pair = byKey.get(keys.pair);
      const counters: ThrottleCounters = {
        ...emptyCounters(keys.address !== null),
        pair: pair ? { failures: pair.failures, lastFailureAt: ms(pair.last_failure_at), recognisedUntil: ms(pair.recognised_until) } : emptyCounters().pair,
        address: budget(keys.address),
        account: budget(keys.account)!,
      };
      const { write, answer } = decide(counters);
      if (write) await this.write(trx, keys, write, now);
      return answer;
    });
  }

  private async write(trx: Executor, keys: Keys, counters: ThrottleCounters, now: number): Promise<void> {
    const upsert = (key: string, kind: ThrottleLimit, values: { failures: number; lastFailureAt: number | null; recognisedUntil: number | null; tat: number | null }) =>
      query(
        trx,
        `insert into ${TABLE} (key, failures, last_failure_at, recognised_until, tat, expires_at) values ($1, $2, $3, $4, $5, $6)
         on conflict (key) do update set failures = excluded.failures, last_failure_at = excluded.last_failure_at,
           recognised_until = excluded.recognised_until, tat = excluded.tat, expires_at = excluded.expires_at`,
        [key, values.failures, isoOrNull(values.lastFailureAt), isoOrNull(values.recognisedUntil), isoOrNull(values.tat), isoOrNull(counterExpiresAt(kind, counters, now))],
      );
    const noPair = { failures: 0, lastFailureAt: null, recognisedUntil: null };
    await upsert(keys.pair, 'pair', { ...counters.pair, tat: null });
    await upsert(keys.account, 'account', { ...noPair, tat: counters.account.tat });
    if (keys.address && counters.address) await upsert(keys.address, 'address', { ...noPair, tat: counters.address.tat });
  }
}
