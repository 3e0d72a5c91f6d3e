import { checkpointFromString, compareCheckpoints, type Checkpoint, type EventStore } from '@portal/eventstore';
import type { PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { catalogueProjection } from '@portal/projection-catalogue';
import { feedsProjection } from '@portal/projection-feeds';
import { progressProjection } from '@portal/projection-progress';

export type LearningProjection = 'catalogue' | 'progress' | 'feeds';
const TYPES: Record<LearningProjection, string[]> = {
  catalogue: catalogueProjection.eventTypes,
  progress: progressProjection.eventTypes,
  feeds: feedsProjection.eventTypes,
};

/** The x-min-position header of a read (the position of the caller's last write). */
export function minPositionOf(req: PortalRequest): Checkpoint | null {
  const header = req.headers['x-min-position'];
  return typeof header === 'string' ? checkpointFromString(header) : null;
}

/**
 * Read-your-writes (architecture §3). The SPA sends the position of its last write whatever
 * context wrote it, and a read model's checkpoint only moves on events of its own types, so
 * "checkpoint >= position" may never come true (the runtime's waitFor would then sit out its
 * whole timeout). A read model is up to date for a position when the log holds no event of its
 * types between its checkpoint and that position. readAll only shows events below the oldest
 * running transaction, and that visibility is monotonic: once the position itself is visible, so
 * is every event before it, and then either an event of our types lies between the checkpoint and
 * the position (wait for the runner) or none does (done). Bounded like the runtime's wait.
 */
export async function waitForPosition(projections: ProjectionRuntime, store: EventStore, names: LearningProjection[], min: Checkpoint | null, timeoutMs = 3000): Promise<void> {
  if (!min) return;
  const deadline = Date.now() + timeoutMs;
  const justBefore: Checkpoint = min.position > 0n ? { transactionId: min.transactionId, position: min.position - 1n } : min;
  await Promise.all(
    names.map(async (name) => {
      while (Date.now() < deadline) {
        const status = projections.status().find((s) => s.name === name);
        if (!status || compareCheckpoints(status.checkpoint, min) >= 0) return;
        // first: is the position itself visible to readers yet? (then so is everything before it)
        const { events: visible } = await store.readAll({ after: justBefore, limit: 1 });
        if (visible.length > 0) {
          const { events } = await store.readAll({ after: status.checkpoint, limit: 1, types: TYPES[name] });
          const next = events[0];
          if (!next || compareCheckpoints(next.checkpoint, min) > 0) return;
        }
        // a relevant event not applied yet, or the position not visible yet: wake the runners and look again
        await projections.waitFor(name, min, Math.min(25, Math.max(1, deadline - Date.now())));
      }
    }),
  );
}
