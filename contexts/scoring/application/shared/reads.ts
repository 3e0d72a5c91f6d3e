import { minPositionOf, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';

/** Read-your-writes: wait (bounded) until the read models include the caller's last write (x-min-position). */
export async function waitForReads(projections: ProjectionRuntime, req: PortalRequest, names: string[]): Promise<void> {
  const min = minPositionOf(req);
  if (!min) return;
  await projections.waitForAll(names, min);
}
