import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { query, type Database } from '@portal/database';
import type { Clock } from '@portal/kernel';
import { CLOCK, DATABASE } from '@portal/platform';

/** How long a ticket opens the stream: the SPA opens it right after asking. */
export const STREAM_TICKET_TTL_SECONDS = 30;
/** Expired tickets are deleted at most this often per instance. */
const SWEEP_EVERY_MS = 60_000;

/** Who a ticket opens the stream for, and the token it was asked with (its session and issue time). */
export interface StreamTicketHolder {
  userId: string;
  sessionId: string;
  tokenIssuedAtMs: number;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Single-use tickets of the realtime stream (issue 26 item 4, ADR 0080): EventSource cannot send
 * headers, and the access token it carried in the URL landed in proxy logs, access logs and
 * browser history. A signed-in call asks for a ticket (32 random bytes); the stream takes it once,
 * within STREAM_TICKET_TTL_SECONDS. Kept in a table of the database every instance shares, so a
 * ticket asked of one instance opens the stream on another; only its SHA-256 is stored, and using
 * it deletes the row in the same statement (`delete ... returning`), so two requests racing with
 * one ticket cannot both open a stream.
 */
@Injectable()
export class StreamTickets implements OnModuleInit {
  private lastSweep = 0;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await sql`create table if not exists realtime_stream_tickets (
      ticket_hash text primary key,
      user_id text not null,
      session_id text not null,
      token_issued_at_ms bigint not null,
      expires_at timestamptz not null
    )`.execute(this.database.db);
    await sql`create index if not exists realtime_stream_tickets_expires on realtime_stream_tickets (expires_at)`.execute(this.database.db);
  }

  async issue(holder: StreamTicketHolder): Promise<{ ticket: string; expiresIn: number }> {
    const now = this.clock.now().getTime();
    const ticket = randomBytes(32).toString('base64url');
    await query(
      this.database.db,
      'insert into realtime_stream_tickets (ticket_hash, user_id, session_id, token_issued_at_ms, expires_at) values ($1, $2, $3, $4, $5)',
      [hashOf(ticket), holder.userId, holder.sessionId, Math.round(holder.tokenIssuedAtMs), new Date(now + STREAM_TICKET_TTL_SECONDS * 1000).toISOString()],
    );
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await query(this.database.db, 'delete from realtime_stream_tickets where expires_at < $1', [new Date(now).toISOString()]);
    }
    return { ticket, expiresIn: STREAM_TICKET_TTL_SECONDS };
  }

  /** The ticket's holder, once: null for an unknown, used or expired ticket. */
  async use(ticket: string): Promise<StreamTicketHolder | null> {
    if (ticket.length === 0 || ticket.length > 128) return null;
    const [row] = await query<{ user_id: string; session_id: string; token_issued_at_ms: string | number; expires_at: Date | string }>(
      this.database.db,
      'delete from realtime_stream_tickets where ticket_hash = $1 returning user_id, session_id, token_issued_at_ms, expires_at',
      [hashOf(ticket)],
    );
    if (!row || new Date(row.expires_at).getTime() <= this.clock.now().getTime()) return null;
    return { userId: row.user_id, sessionId: row.session_id, tokenIssuedAtMs: Number(row.token_issued_at_ms) };
  }
}
