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

  /** Database reachability, event store head and each projection's lag (events behind, capped at 1000). */
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
    const projections = await Promise.all(
      this.projections.status().map(async (s) => ({
        name: s.name,
        version: s.version,
        checkpoint: checkpointToString(s.checkpoint),
        lag: await this.projections.lag(s.name).catch(() => -1),
        leaseHeld: s.leaseHeld,
        lastError: s.lastError,
      })),
    );
    const ok = database.ok && eventStore.ok && projections.every((p) => p.lastError === null);
    // load balancers read the status code
    if (!ok) reply.status(503);
    return { status: ok ? 'ok' : 'degraded', database, eventStore, projections };
  }
}
