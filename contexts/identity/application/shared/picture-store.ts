import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { query, type Database } from '@portal/database';
import { DATABASE } from '@portal/platform';

/** Profile picture bytes (events carry only the id, type and size). */
@Injectable()
export class PictureStore implements OnModuleInit {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async onModuleInit(): Promise<void> {
    await sql`create table if not exists profile_pictures (
      id uuid primary key, user_id text not null, content_type text not null, bytes bytea not null, created_at timestamptz not null default now()
    )`.execute(this.database.db);
  }

  async save(id: string, userId: string, contentType: string, bytes: Buffer): Promise<void> {
    await query(this.database.db, 'insert into profile_pictures (id, user_id, content_type, bytes) values ($1, $2, $3, $4)', [id, userId, contentType, bytes]);
  }

  /** Erasure (ADR 0091): every picture the user ever uploaded, shown or replaced. Answers how many. */
  async deleteAllOf(userId: string): Promise<number> {
    return (await query(this.database.db, 'delete from profile_pictures where user_id = $1 returning id', [userId])).length;
  }

  async get(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    const rows = await query<{ content_type: string; bytes: Uint8Array }>(this.database.db, 'select content_type, bytes from profile_pictures where id = $1', [id]);
    const row = rows[0];
    return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : null;
  }
}

/** Where a picture is served (GET /user-profile/picture/:pictureId). */
export const pictureUrlOf = (id: string) => `/api/user-profile/picture/${id}`;
export const pictureUrl = (id: string | null) => (id ? pictureUrlOf(id) : null);
