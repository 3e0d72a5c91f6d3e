import { minPositionOf, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';

export type AssessmentReadModel = 'questions' | 'answers' | 'recommendations';

export { minPositionOf };

/** Read-your-writes (architecture §3): wait (bounded) until the read models include the caller's last write. */
export async function waitForReads(projections: ProjectionRuntime, req: PortalRequest, names: AssessmentReadModel[]): Promise<void> {
  const min = minPositionOf(req);
  if (!min) return;
  await projections.waitForAll(names, min);
}
