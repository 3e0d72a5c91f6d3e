import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { query, type Database } from '@portal/database';

/**
 * The subjects' data keys (ADR 0091): one AES-256 key per data subject, stored wrapped by the master
 * key (AES-256-GCM, the subject id as associated data) in `es_subject_keys`, never in the log.
 * Destroying a key (erasure, retention) nulls its row: every ciphertext made with it is then noise,
 * and the row stays so that a later write for the subject stores nothing readable.
 *
 * Key ids: the subject id (a user id, `guest:<id>`, a company or booking stream...) for its personal
 * fields, `<subject>#net:<yyyy-mm>` for its IP addresses and user agents of one month, so the
 * retention job can shred those alone.
 */
export interface SubjectKeyring {
  migrate(): Promise<void>;
  /** Keys to encrypt with, created when missing; null for a destroyed one (write nothing readable). */
  keysForWrite(keyIds: readonly string[]): Promise<Map<string, Buffer | null>>;
  /** Keys to decrypt with; null when destroyed (or never created). */
  keysForRead(keyIds: readonly string[]): Promise<Map<string, Buffer | null>>;
  /** Destroys a subject's key and its network keys; answers the number of keys destroyed now (0: already erased). */
  destroySubject(subjectId: string): Promise<number>;
  /** Destroys the network keys of every month before `period` (`yyyy-mm`); answers how many. */
  destroyNetworkKeysBefore(period: string): Promise<number>;
  /** Whether the subject's own key was destroyed. */
  isDestroyed(subjectId: string): Promise<boolean>;
}

export interface SubjectKeyringOptions {
  /** PRIVACY_MASTER_KEY: any secret of at least 32 characters; the wrapping key is derived from it (HKDF-SHA256). */
  masterKey: string;
  /** Unwrapped keys kept in memory (default 20,000): a bound, so a long export does not grow the heap. */
  cacheSize?: number;
  /**
   * How long a cached key (or a cached "destroyed") is trusted (default 30 s): another process that
   * erased a subject is obeyed here at most this much later.
   */
  cacheTtlMs?: number;
  /** Postgres schema of the table (the event store's); absent means the search path. */
  schema?: string;
}

const NETWORK = '#net:';
export const networkKeyId = (subjectId: string, at: Date): string => `${subjectId}${NETWORK}${at.toISOString().slice(0, 7)}`;

export function createSubjectKeyring(database: Database, options: SubjectKeyringOptions): SubjectKeyring {
  if (options.masterKey.length < 32) throw new Error('PRIVACY_MASTER_KEY must be at least 32 characters');
  const kek = Buffer.from(hkdfSync('sha256', options.masterKey, 'portal-privacy', 'subject-key-wrapping', 32));
  const table = options.schema ? `"${options.schema}".es_subject_keys` : 'es_subject_keys';
  const db = database.db;
  // a destroyed key is cached as `false` (LRUCache holds no null)
  const cache = new LRUCache<string, Buffer | false>({ max: options.cacheSize ?? 20_000, ttl: options.cacheTtlMs ?? 30_000 });

  const wrap = (keyId: string, key: Buffer): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', kek, iv);
    cipher.setAAD(Buffer.from(keyId, 'utf8'));
    const body = Buffer.concat([cipher.update(key), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  };
  const unwrap = (keyId: string, wrapped: string): Buffer => {
    const raw = Buffer.from(wrapped, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', kek, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(keyId, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  };

  const load = async (keyIds: readonly string[], create: boolean): Promise<Map<string, Buffer | null>> => {
    const out = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const id of new Set(keyIds)) {
      const hit = cache.get(id);
      if (hit === undefined) missing.push(id);
      else out.set(id, hit || null);
    }
    if (missing.length === 0) return out;
    if (create) {
      await query(db, `insert into ${table} (subject_id, wrapped_key) select * from unnest($1::text[], $2::text[]) on conflict (subject_id) do nothing`, [
        missing,
        missing.map((id) => wrap(id, randomBytes(32))),
      ]);
    }
    const rows = await query<{ subject_id: string; wrapped_key: string | null }>(db, `select subject_id, wrapped_key from ${table} where subject_id = any($1::text[])`, [missing]);
    const found = new Map(rows.map((r) => [r.subject_id, r.wrapped_key]));
    for (const id of missing) {
      const wrapped = found.get(id);
      const key = wrapped ? unwrap(id, wrapped) : null;
      // a key never created is not cached: it may be created by the next write
      if (wrapped !== undefined) cache.set(id, key ?? false);
      out.set(id, key);
    }
    return out;
  };

  return {
    async migrate() {
      await query(db, `create table if not exists ${table} (
        subject_id text primary key,
        wrapped_key text,
        created_at timestamptz not null default now(),
        destroyed_at timestamptz
      )`);
    },
    keysForWrite: (ids) => load(ids, true),
    keysForRead: (ids) => load(ids, false),
    async destroySubject(subjectId) {
      // the subject's own key, created destroyed when it never existed (no later write may create it)
      const rows = await query<{ subject_id: string }>(
        db,
        `with own as (
           insert into ${table} (subject_id, wrapped_key, destroyed_at) values ($1, null, now())
           on conflict (subject_id) do update set wrapped_key = null, destroyed_at = now()
             where ${table}.wrapped_key is not null
           returning subject_id
         ), network as (
           update ${table} set wrapped_key = null, destroyed_at = now()
            where subject_id like $2 and wrapped_key is not null
           returning subject_id
         )
         select subject_id from own union all select subject_id from network`,
        [subjectId, `${subjectId.replace(/[\\%_]/g, '\\$&')}${NETWORK}%`],
      );
      cache.set(subjectId, false);
      for (const id of [...cache.keys()]) if (id.startsWith(`${subjectId}${NETWORK}`)) cache.set(id, false);
      return rows.length;
    },
    async destroyNetworkKeysBefore(period) {
      if (!/^\d{4}-\d{2}$/.test(period)) throw new TypeError(`period must be yyyy-mm, got ${period}`);
      const rows = await query<{ subject_id: string }>(
        db,
        `update ${table} set wrapped_key = null, destroyed_at = now()
          where wrapped_key is not null and position('${NETWORK}' in subject_id) > 0
            and split_part(subject_id, '${NETWORK}', 2) < $1
          returning subject_id`,
        [period],
      );
      for (const row of rows) cache.set(row.subject_id, false);
      return rows.length;
    },
    async isDestroyed(subjectId) {
      const rows = await query<{ destroyed: boolean }>(db, `select wrapped_key is null as destroyed from ${table} where subject_id = $1`, [subjectId]);
      return rows[0]?.destroyed ?? false;
    },
  };
}
