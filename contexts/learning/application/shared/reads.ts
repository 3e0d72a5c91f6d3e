import type { Checkpoint } from '@portal/eventstore';
import type { ProjectionRuntime } from '@portal/projections-runtime';

export type LearningProjection = 'catalogue' | 'progress' | 'feeds';

export { minPositionOf } from '@portal/platform';

/**
 * Read-your-writes (architecture §3): wait (bounded) until each read model has applied everything
 * of its types up to the caller's last write. The SPA sends that position whatever context wrote
 * it; the runtime's waitFor counts a position of another type as reached once its runner has
 * looked past it.
 */
export async function waitForPosition(projections: ProjectionRuntime, names: LearningProjection[], min: Checkpoint | null, timeoutMs?: number): Promise<void> {
  if (!min) return;
  await projections.waitForAll(names, min, timeoutMs);
}
