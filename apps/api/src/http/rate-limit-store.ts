import { query, type Database } from '@portal/database';

/**
 * The rate limit's counters in Postgres, shared by every API instance on the same database
 * (issue 32, ADR 0095): one row per client key and fixed window, counted with one upsert on the
 * database's clock, so N instances behind a proxy enforce RATE_LIMIT_MAX once, not N times.
 * A @fastify/rate-limit store (`incr(key, cb, timeWindow, max)`, `child`).
 */
export const RATE_LIMIT_TABLE = 'http_rate_limit';

export async function migrateRateLimit(database: Database): Promise<void> {
  await query(
    database.db,
    `create table if not exists ${RATE_LIMIT_TABLE} (
      key text primary key,
      window_start timestamptz not null,
      hits integer not null
    )`,
  );
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Windows older than this are deleted now and then (one incr in PRUNE_EVERY). */
const PRUNE_EVERY = 2000;

export function postgresRateLimitStore(database: Database) {
  let calls = 0;
  return class PostgresRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      const prune = ++calls % PRUNE_EVERY === 0;
      query<{ hits: number; ttl: number }>(
        database.db,
        // the window starts at a multiple of timeWindow on the database's clock: every instance agrees
        `with w as (select to_timestamp(floor(extract(epoch from clock_timestamp()) * 1000 / $2) * $2 / 1000.0) as start)
         insert into ${RATE_LIMIT_TABLE} as r (key, window_start, hits) select $1, w.start, 1 from w
         on conflict (key) do update set
           hits = case when r.window_start = excluded.window_start then r.hits + 1 else 1 end,
           window_start = excluded.window_start
         returning hits, greatest(0, (extract(epoch from window_start) * 1000 + $2 - extract(epoch from clock_timestamp()) * 1000))::int as ttl`,
        [key, timeWindow],
      ).then(
        (rows) => {
          cb(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl });
          if (prune) void query(database.db, `delete from ${RATE_LIMIT_TABLE} where window_start < now() - make_interval(secs => $1::double precision / 1000 * 2)`, [timeWindow]).catch(() => undefined);
        },
        (error: Error) => cb(error),
      );
    }

    child(): PostgresRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };
}
