import { checkpointFromString } from '@portal/eventstore';
import type { PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';

/** Read-your-writes: wait (bounded) until the read models include the caller's last write (x-min-position). */
export async function waitForReads(projections: ProjectionRuntime, req: PortalRequest, names: string[]): Promise<void> {
  const header = req.headers['x-min-position'];
  const min = typeof header === 'string' ? checkpointFromString(header) : null;
  if (!min) return;
  await Promise.all(names.map((name) => projections.waitFor(name, min)));
}
