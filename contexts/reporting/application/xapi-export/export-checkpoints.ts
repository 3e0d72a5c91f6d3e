/**
 * How far each xAPI export target has got (ADR 0074): one row per target ("file:<absolute path>",
 * "lrs:<endpoint>") with the global log checkpoint of the last event whose statements that target
 * holds, and for a file its length then. Written only after a batch is on disk (fsync) or
 * acknowledged by the LRS, so a resumed export starts exactly after what the target has.
 */
import { sql } from 'kysely';
import { checkpointFromString, checkpointToString, type Checkpoint } from '@portal/eventstore';
import type { Database } from '@portal/database';

export interface ExportCheckpoint {
  checkpoint: Checkpoint;
  /** statements the target received up to the checkpoint (all runs) */
  statements: number;
  /** a file target's length in bytes at the checkpoint; null for an LRS */
  fileBytes: number | null;
}

export async function migrateExportCheckpoints(database: Database): Promise<void> {
  await sql`create table if not exists xapi_export_checkpoints (
    target text primary key,
    checkpoint text not null,
    statements bigint not null,
    file_bytes bigint,
    updated_at timestamptz not null default now()
  )`.execute(database.db);
}

export async function readExportCheckpoint(database: Database, target: string): Promise<ExportCheckpoint | null> {
  const { rows } = await sql<{ checkpoint: string; statements: string; file_bytes: string | null }>`
    select checkpoint, statements::text as statements, file_bytes::text as file_bytes from xapi_export_checkpoints where target = ${target}`.execute(database.db);
  const row = rows[0];
  if (!row) return null;
  const checkpoint = checkpointFromString(row.checkpoint);
  if (!checkpoint) throw new Error(`xapi_export_checkpoints: unreadable checkpoint "${row.checkpoint}" for ${target}`);
  return { checkpoint, statements: Number(row.statements), fileBytes: row.file_bytes === null ? null : Number(row.file_bytes) };
}

export async function saveExportCheckpoint(database: Database, target: string, value: ExportCheckpoint): Promise<void> {
  await sql`insert into xapi_export_checkpoints (target, checkpoint, statements, file_bytes, updated_at)
    values (${target}, ${checkpointToString(value.checkpoint)}, ${value.statements}, ${value.fileBytes}, now())
    on conflict (target) do update set checkpoint = excluded.checkpoint, statements = excluded.statements, file_bytes = excluded.file_bytes, updated_at = now()`.execute(database.db);
}
