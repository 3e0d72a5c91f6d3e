import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { query, type Database } from '@portal/database';
import { CLOCK, DATABASE } from '@portal/platform';
import type { Clock } from '@portal/kernel';

/** 5 failures per e-mail or 20 per address within 15 minutes block sign-in for 15 minutes. */
export const THROTTLE = { perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

/**
 * Sign-in throttling shared by every API instance (a table, not process memory). Keys are the
 * e-mail and the client address; counts reset when the window passes or a sign-in succeeds.
 */
@Injectable()
export class SignInThrottle implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await sql`create table if not exists auth_throttle (key text primary key, failures int not null, window_started timestamptz not null)`.execute(this.database.db);
  }

  private keys(email: string, ip: string | null) {
    return [
      { key: `email:${email.toLowerCase()}`, limit: THROTTLE.perEmail },
      ...(ip ? [{ key: `ip:${ip}`, limit: THROTTLE.perAddress }] : []),
    ];
  }

  /** Minutes until sign-in opens again for this e-mail or address; 0 when it is open. */
  async blockedMinutes(email: string, ip: string | null): Promise<number> {
    const now = this.clock.now().getTime();
    let minutes = 0;
    for (const { key, limit } of this.keys(email, ip)) {
      const rows = await query<{ failures: number; window_started: Date | string }>(this.database.db, 'select failures, window_started from auth_throttle where key = $1', [key]);
      const row = rows[0];
      const endsAt = row ? new Date(row.window_started).getTime() + THROTTLE.windowMs : 0;
      if (row && endsAt > now && row.failures >= limit) minutes = Math.max(minutes, Math.ceil((endsAt - now) / 60_000));
    }
    return minutes;
  }

  async recordFailure(email: string, ip: string | null): Promise<void> {
    const now = this.clock.now().toISOString();
    const windowStart = new Date(this.clock.now().getTime() - THROTTLE.windowMs).toISOString();
    for (const { key } of this.keys(email, ip)) {
      await query(
        this.database.db,
        `insert into auth_throttle (key, failures, window_started) values ($1, 1, $2)
         on conflict (key) do update set
           failures = case when auth_throttle.window_started < $3 then 1 else auth_throttle.failures + 1 end,
           window_started = case when auth_throttle.window_started < $3 then $2::timestamptz else auth_throttle.window_started end`,
        [key, now, windowStart],
      );
    }
  }

  async reset(email: string): Promise<void> {
    await query(this.database.db, 'delete from auth_throttle where key = $1', [`email:${email.toLowerCase()}`]);
  }
}
