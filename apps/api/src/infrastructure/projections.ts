import type { ProjectionDefinition } from '@portal/projections-runtime';
import { usersProjection } from '@portal/projection-users';
import { engagementProjection } from '@portal/projection-engagement';

/** Every read model the API serves (composition root). */
export const PROJECTIONS_LIST: ProjectionDefinition[] = [usersProjection, engagementProjection];
