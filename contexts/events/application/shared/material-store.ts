import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { query, type Database } from '@portal/database';
import { DATABASE } from '@portal/platform';

export interface StoredMaterial {
  materialId: string;
  eventId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * The bytes of event materials (ADR 0060): a table of the portal's database, beside the event log
 * (the log keeps only what a file is: `MaterialAttached`), so every API instance serves them and
 * the database backup keeps them; the pattern of identity's profile pictures.
 */
@Injectable()
export class MaterialStore implements OnModuleInit {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async onModuleInit(): Promise<void> {
    await sql`create table if not exists event_material_files (
      material_id uuid primary key, event_id text not null, file_name text not null, content_type text not null,
      size integer not null, sha256 text not null, bytes bytea not null, created_at timestamptz not null default now()
    )`.execute(this.database.db);
  }

  async save(m: StoredMaterial, bytes: Buffer): Promise<void> {
    await query(
      this.database.db,
      'insert into event_material_files (material_id, event_id, file_name, content_type, size, sha256, bytes) values ($1, $2, $3, $4, $5, $6, $7) on conflict (material_id) do nothing',
      [m.materialId, m.eventId, m.fileName, m.contentType, m.size, m.sha256, bytes],
    );
  }

  async find(materialId: string): Promise<StoredMaterial | null> {
    const rows = await query<{ material_id: string; event_id: string; file_name: string; content_type: string; size: number; sha256: string }>(
      this.database.db,
      'select material_id, event_id, file_name, content_type, size, sha256 from event_material_files where material_id = $1',
      [materialId],
    );
    const r = rows[0];
    return r ? { materialId: r.material_id, eventId: r.event_id, fileName: r.file_name, contentType: r.content_type, size: Number(r.size), sha256: r.sha256 } : null;
  }

  async bytes(materialId: string): Promise<Buffer | null> {
    const rows = await query<{ bytes: Uint8Array }>(this.database.db, 'select bytes from event_material_files where material_id = $1', [materialId]);
    return rows[0] ? Buffer.from(rows[0].bytes) : null;
  }

  async remove(materialId: string): Promise<void> {
    await query(this.database.db, 'delete from event_material_files where material_id = $1', [materialId]);
  }
}
