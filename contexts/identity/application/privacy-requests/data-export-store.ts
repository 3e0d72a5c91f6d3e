import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { query, type Database } from '@portal/database';
import { DATABASE } from '@portal/platform';

/**
 * The export ZIPs (ADR 0092): bytes outside the log, like profile pictures; the event records
 * the file's id, size and sha256. Deleted when the link expires and when the subject is erased.
 */
@Injectable()
export class DataExportStore implements OnModuleInit {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async onModuleInit(): Promise<void> {
    await sql`create table if not exists identity_data_exports (
      file_id uuid primary key, user_id text not null, request_id text not null, bytes bytea not null, expires_at timestamptz not null, created_at timestamptz not null default now()
    )`.execute(this.database.db);
  }

  async save(fileId: string, userId: string, requestId: string, bytes: Buffer, expiresAt: string): Promise<void> {
    await query(this.database.db, 'insert into identity_data_exports (file_id, user_id, request_id, bytes, expires_at) values ($1, $2, $3, $4, $5) on conflict (file_id) do nothing', [
      fileId,
      userId,
      requestId,
      bytes,
      expiresAt,
    ]);
  }

  async get(fileId: string): Promise<{ userId: string; bytes: Buffer } | null> {
    const rows = await query<{ user_id: string; bytes: Uint8Array }>(this.database.db, 'select user_id, bytes from identity_data_exports where file_id = $1', [fileId]);
    const row = rows[0];
    return row ? { userId: row.user_id, bytes: Buffer.from(row.bytes) } : null;
  }

  /** Files whose link expired before `now`; returns how many. */
  async deleteExpired(now: string): Promise<number> {
    const rows = await query<{ file_id: string }>(this.database.db, 'delete from identity_data_exports where expires_at <= $1 returning file_id', [now]);
    return rows.length;
  }

  async deleteOf(userId: string): Promise<void> {
    await query(this.database.db, 'delete from identity_data_exports where user_id = $1', [userId]);
  }
}
