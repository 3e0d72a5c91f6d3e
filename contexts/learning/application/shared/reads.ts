import type { Checkpoint } from '@portal/eventstore';
import type { ProjectionRuntime } from '@portal/projections-runtime';

/**
 * Kept only for CatalogueService.model(min), which the catalogue work is remodelling (ADR 0009
 * §5): every learning query waits with `waitForReads` from @portal/platform. Delete this file
 * when the catalogue service no longer imports it.
 */
export async function waitForPosition(projections: ProjectionRuntime, names: ['catalogue'], min: Checkpoint | null, timeoutMs?: number): Promise<void> {
  if (!min) return;
  await projections.waitForAll(names, min, timeoutMs);
}
