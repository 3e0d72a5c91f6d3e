import { checkpointFromString, type Checkpoint } from '@portal/eventstore';
import type { PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';

export type AssessmentReadModel = 'questions' | 'answers' | 'recommendations';

/** The x-min-position header of a read (the position of the caller's last write). */
export function minPositionOf(req: PortalRequest): Checkpoint | null {
  const header = req.headers['x-min-position'];
  return typeof header === 'string' ? checkpointFromString(header) : null;
}

/** Read-your-writes (architecture §3): wait (bounded) until the read models include the caller's last write. */
export async function waitForReads(projections: ProjectionRuntime, req: PortalRequest, names: AssessmentReadModel[]): Promise<void> {
  const min = minPositionOf(req);
  if (!min) return;
  await Promise.all(names.map((name) => projections.waitFor(name, min)));
}
