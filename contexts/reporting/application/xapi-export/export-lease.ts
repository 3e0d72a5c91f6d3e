/**
 * One xAPI export per target at a time (ADR 0074): a run holds a lease keyed by its target
 * ("file:<absolute path>", "lrs:<endpoint>") from before it reads the checkpoint until it has
 * finished or failed. On a Postgres server the lease is a session advisory lock on a connection of
 * its own, as the projections runtime's leases are: another process asking for it is refused at
 * once, and a process that dies loses its connection and with it the lock. PGlite is one process:
 * the lease is a set of the targets being exported in it.
 */
import type { Database, Session } from '@portal/database';

/** Another export to the same target is running: this one did nothing. */
export class XapiExportBusyError extends Error {
  constructor(readonly target: string) {
    super(`another xAPI export to ${target} is running (this process or another one); nothing was exported. Run again once it has finished.`);
    this.name = 'XapiExportBusyError';
  }
}

/** The lease was lost while exporting (its database connection went away): the run stops before writing more. */
export class XapiExportLeaseLostError extends Error {
  constructor(readonly target: string, cause: Error | null) {
    super(`the xAPI export to ${target} lost its lease (${cause?.message ?? 'connection closed'}); another run may have started: stopped before writing more`);
    this.name = 'XapiExportLeaseLostError';
  }
}

export interface XapiExportLease {
  /** throws XapiExportLeaseLostError once the lease is gone */
  check(): void;
  release(): Promise<void>;
}

/** The advisory-lock pair of a target: the export's class and the target's hash. */
const LOCK_SQL = `hashtext('xapi_export'), hashtext($1)`;
const held = new WeakMap<Database, Set<string>>();

/** Takes the target's lease, or throws XapiExportBusyError when another run holds it. */
export async function leaseXapiTarget(database: Database, target: string): Promise<XapiExportLease> {
  if (database.kind === 'pglite') {
    const targets = held.get(database) ?? new Set<string>();
    held.set(database, targets);
    if (targets.has(target)) throw new XapiExportBusyError(target);
    targets.add(target);
    return { check: () => undefined, release: async () => void targets.delete(target) };
  }
  const session: Session = await database.openSession('xapi-export');
  let lost: { cause: Error | null } | null = null;
  let released = false;
  void session.lost.then((cause) => {
    if (!released) lost = { cause };
  });
  try {
    const [row] = await session.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK_SQL}) as ok`, [target]);
    if (row?.ok !== true) throw new XapiExportBusyError(target);
  } catch (error) {
    released = true;
    await session.close();
    throw error;
  }
  return {
    check() {
      if (lost) throw new XapiExportLeaseLostError(target, lost.cause);
    },
    async release() {
      released = true;
      // closing the connection ends the lock with it; unlocking first says so at once
      await session.query(`select pg_advisory_unlock(${LOCK_SQL})`, [target]).catch(() => undefined);
      await session.close();
    },
  };
}
