import { jsonValue, query, type Database } from '@portal/database';
import type { EventMetadata } from '../port.js';
import { postgresEventStoreNames, toBigInt } from '../postgres.js';
import type { PersonalDataProtection } from './protected-store.js';

/**
 * The one-time migration of a log written before crypto-shredding (ADR 0091): every stored
 * event's personal fields (and its metadata's IP and user agent) are encrypted in place, as the
 * edge encrypts new ones, and every stream's hash chain is recomputed over the new bytes, in
 * global position order (within a stream that is revision order). The old signed checkpoints no
 * longer match and are archived (`es_checkpoints_before_encryption`); the caller then seals the
 * whole log anew. Run with the API stopped: an append meanwhile would chain on a stale head.
 *
 * Resumable: `es_privacy_migration` keeps the last position rewritten, committed with each batch, so
 * a run killed at any moment continues from there; a batch written again is written the same
 * (values already encrypted are left alone, the hashes are recomputed from the same bytes).
 */
export interface EncryptLogProgress {
  rewritten: number;
  total: number;
}

export type EncryptLogPhase = 'rechain' | 'reseal' | 'done';

export interface EncryptLogResult {
  /** events read and written this run */
  rewritten: number;
  /** of them, events whose personal fields were encrypted now */
  encrypted: number;
  /** what remains: `reseal` (the caller seals the log, then calls `finish`) or `done` */
  phase: EncryptLogPhase;
}

const STATE = 'es_privacy_migration';

export function createLogEncryption(database: Database, protection: PersonalDataProtection, options: { schema?: string } = {}) {
  const n = postgresEventStoreNames(options.schema);
  const db = database.db;
  const rechain = options.schema ? `"${options.schema}".es_privacy_rechain` : 'es_privacy_rechain';

  const migrate = async () => {
    await query(db, `create table if not exists ${STATE} (id int primary key, phase text not null, last_position bigint not null, started_at timestamptz not null default now(), finished_at timestamptz)`);
    // One batch in order: each row's hash chains on its predecessor as already rewritten (the
    // statements of a PL/pgSQL loop see each other's writes), with the store's own hash function.
    await query(
      db,
      `create or replace function ${rechain}(p_rows jsonb) returns void language plpgsql as $fn$
       declare
         r jsonb;
       begin
         for r in select x from jsonb_array_elements(p_rows) x loop
           update ${n.events} e
              set data = r->'data', metadata = r->'metadata',
                  hash = ${n.hash}(
                    coalesce((select p.hash from ${n.events} p where p.stream_id = e.stream_id and p.revision = e.revision - 1), ''),
                    e.stream_id, e.revision, e.event_id, e.type, e.schema_version, r->'data', r->'metadata')
            where e.position = (r->>'position')::bigint;
         end loop;
       end
       $fn$`,
    );
  };

  const state = async (): Promise<{ phase: EncryptLogPhase; lastPosition: bigint } | null> => {
    const [row] = await query<{ phase: EncryptLogPhase; last_position: unknown }>(db, `select phase, last_position from ${STATE} where id = 1`);
    return row ? { phase: row.phase, lastPosition: toBigInt(row.last_position) } : null;
  };

  return {
    state,
    /** Rewrites the log from where the last run stopped; `phase` says what is left. */
    async run(runOptions: { batchSize?: number; onProgress?: (p: EncryptLogProgress) => void } = {}): Promise<EncryptLogResult> {
      await migrate();
      await protection.keyring.migrate();
      await query(db, `insert into ${STATE} (id, phase, last_position) values (1, 'rechain', 0) on conflict (id) do nothing`);
      let current = (await state())!;
      if (current.phase !== 'rechain') return { rewritten: 0, encrypted: 0, phase: current.phase };
      const batchSize = runOptions.batchSize ?? 2000;
      const [count] = await query<{ done: unknown; total: unknown }>(db, `select count(*) filter (where position <= $1::bigint) as done, count(*) as total from ${n.events}`, [current.lastPosition.toString()]);
      const total = Number(toBigInt(count!.total));
      let progress = Number(toBigInt(count!.done));
      let rewritten = 0;
      let encrypted = 0;
      for (;;) {
        const rows = await query<{ position: unknown; stream_id: string; type: string; data: unknown; metadata: unknown; recorded_at: Date | string }>(
          db,
          `select position, stream_id, type, data, metadata, recorded_at from ${n.events} where position > $1::bigint order by position limit $2`,
          [current.lastPosition.toString(), batchSize],
        );
        if (rows.length === 0) break;
        const out: Array<{ position: string; data: Record<string, unknown>; metadata: EventMetadata }> = [];
        for (const row of rows) {
          const data = jsonValue<Record<string, unknown>>(row.data);
          const metadata = jsonValue<EventMetadata>(row.metadata);
          const sealed = await protection.encryptEvent({ type: row.type, data, metadata }, row.stream_id, new Date(row.recorded_at));
          if (sealed.changed) encrypted++;
          const { ip, userAgent } = sealed;
          out.push({ position: String(row.position), data: sealed.data, metadata: { ...metadata, ...(ip !== undefined ? { ip } : {}), ...(userAgent !== undefined ? { userAgent } : {}) } });
        }
        const last = toBigInt(rows[rows.length - 1]!.position);
        const streams = [...new Set(rows.map((r) => r.stream_id))];
        await db.transaction().execute(async (trx) => {
          await query(trx, `select ${rechain}($1::jsonb)`, [JSON.stringify(out)]);
          await query(trx, `update ${n.streams} s set last_hash = e.hash from ${n.events} e where s.stream_id = any($1::text[]) and e.stream_id = s.stream_id and e.revision = s.revision`, [streams]);
          await query(trx, `update ${STATE} set last_position = $1::bigint where id = 1`, [last.toString()]);
        });
        current = { phase: 'rechain', lastPosition: last };
        rewritten += rows.length;
        progress += rows.length;
        runOptions.onProgress?.({ rewritten: progress, total });
      }
      // the old seals covered the plaintext bytes: archived, for whoever wants to compare, and out of the way of the new ones
      await db.transaction().execute(async (trx) => {
        await query(trx, `create table if not exists es_checkpoints_before_encryption as select * from ${n.checkpoints} with no data`);
        await query(trx, `create table if not exists es_checkpoint_heads_before_encryption as select * from ${n.checkpointHeads} with no data`);
        await query(trx, `insert into es_checkpoints_before_encryption select * from ${n.checkpoints}`);
        await query(trx, `insert into es_checkpoint_heads_before_encryption select * from ${n.checkpointHeads}`);
        await query(trx, `delete from ${n.checkpointHeads}`);
        await query(trx, `delete from ${n.checkpoints}`);
        await query(trx, `update ${STATE} set phase = 'reseal' where id = 1`);
      });
      return { rewritten, encrypted, phase: 'reseal' };
    },
    /** After the caller sealed the rewritten log: the migration is over. */
    async finish(): Promise<void> {
      await query(db, `update ${STATE} set phase = 'done', finished_at = now() where id = 1 and phase = 'reseal'`);
    },
  };
}
