import { sql, type Kysely } from 'kysely';
import type { RevocationList } from '@portal/platform';
import type { RevocationRow, RevocationsDB } from './schema.js';

export interface RevocationWatcherOptions {
  /** The projection's live schema (the runtime's reader: it follows rebuild swaps). */
  reader: () => Kysely<RevocationsDB>;
  list: RevocationList;
  now: () => Date;
  /** How often the table is read for new rows (default 1 s). */
  pollMs?: number;
  log?: (msg: string) => void;
}

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const toBig = (v: unknown): bigint => (typeof v === 'bigint' ? v : BigInt(String(v)));

/**
 * Keeps this instance's revocation list current from the `revocations` projection (ADR 0031):
 * at start the rows that can still refuse a token, then every `pollMs` the rows written after the
 * newest checkpoint seen. Batches of a projection commit in checkpoint order (one runner, the
 * checkpoint row locked), so reading past the last seen checkpoint misses nothing; the checkpoint
 * is the event's, so it stays valid when a rebuild swaps the schema. A failed read is logged and
 * retried on the next tick; the list keeps what it has.
 */
export class RevocationWatcher {
  private cursor: { transactionId: bigint; position: bigint } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: RevocationWatcherOptions) {}

  async start(): Promise<void> {
    const db = this.options.reader();
    // the cursor first: rows committed between the two reads come again in the first poll
    const newest = await db.selectFrom('revocations').select(['transaction_id', 'position']).orderBy('transaction_id', 'desc').orderBy('position', 'desc').limit(1).executeTakeFirst();
    if (newest) this.cursor = { transactionId: toBig(newest.transaction_id), position: toBig(newest.position) };
    const since = new Date(this.options.now().getTime() - this.options.list.keepMs);
    const rows = (await db.selectFrom('revocations').selectAll().where('revoked_at', '>=', since.toISOString()).execute());
    this.addAll(rows);
    this.schedule();
  }

  /** Reads the rows written since the last poll (also called by tests to skip the wait). */
  poll(): Promise<void> {
    this.running ??= this.readNew().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.poll().finally(() => this.schedule());
    }, this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  private async readNew(): Promise<void> {
    try {
      let q = this.options.reader().selectFrom('revocations').selectAll();
      const cursor = this.cursor;
      if (cursor) q = q.where(sql<boolean>`(transaction_id, position) > (${cursor.transactionId.toString()}::bigint, ${cursor.position.toString()}::bigint)`);
      const rows = (await q.orderBy('transaction_id').orderBy('position').limit(10_000).execute());
      this.addAll(rows);
      this.options.list.prune(this.options.now().getTime());
    } catch (error) {
      this.options.log?.(`revocations: reading new rows failed, retrying: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private addAll(rows: RevocationRow[]): void {
    for (const row of rows) {
      this.options.list.add({ key: row.key, notBefore: row.not_before === null ? null : toDate(row.not_before), revokedAt: toDate(row.revoked_at) });
      const checkpoint = { transactionId: toBig(row.transaction_id), position: toBig(row.position) };
      const c = this.cursor;
      if (!c || checkpoint.transactionId > c.transactionId || (checkpoint.transactionId === c.transactionId && checkpoint.position > c.position)) this.cursor = checkpoint;
    }
  }
}
