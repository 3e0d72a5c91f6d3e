import { Controller, Get, Inject, Res } from '@nestjs/common';
import { query, type Database } from '@portal/database';
import { checkpointToString, type EventStore } from '@portal/eventstore';
import { DATABASE, EVENT_STORE, PROJECTIONS, Public } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';

@Controller()
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  /**
   * Database reachability, event store head, each projection's lag (events behind, capped at
   * 1000), measured from the shared checkpoint whichever instance runs it, and each read replica's
   * state (up, lagging or down: out of the read pool, reads go to the primary). A replica out of
   * the pool does not make the instance degraded: it still answers every read from the primary.
   * Degraded answers 503, so a proxy's health check takes the instance out.
   */
  @Get('health')
  @Public()
  async health(@Res({ passthrough: true }) reply: { status(code: number): unknown }) {
    const database = await query(this.database.db, 'select 1 as ok').then(
      () => ({ ok: true, kind: this.database.kind }),
      (e: Error) => ({ ok: false, kind: this.database.kind, error: e.message }),
    );
    const eventStore = await this.store.headCheckpoint().then(
      (head) => ({ ok: true, kind: this.store.kind, head: checkpointToString(head) }),
      (e: Error) => ({ ok: false, kind: this.store.kind, error: e.message }),
    );
    // lag first: where another instance holds the lease it refreshes this process's copy of the
    // shared checkpoint, which the checkpoint below then shows
    const lags = await Promise.all(this.projections.status().map((s) => this.projections.lag(s.name).catch(() => -1)));
    const projections = this.projections.status().map((s, i) => ({
      name: s.name,
      version: s.version,
      checkpoint: checkpointToString(s.checkpoint),
      lag: lags[i]!,
      leaseHeld: s.leaseHeld,
      /** who applies its events: this instance (it holds the lease) or another one */
      runner: s.supersededBy !== null ? ('superseded' as const) : s.leaseHeld ? ('this-instance' as const) : ('another-instance' as const),
      lastError: s.lastError,
    }));
    const ok = database.ok && eventStore.ok && projections.every((p) => p.lastError === null);
    // load balancers read the status code
    if (!ok) reply.status(503);
    return { status: ok ? 'ok' : 'degraded', database, eventStore, projections, replicas: this.projections.replicaStatus() };
  }
}
