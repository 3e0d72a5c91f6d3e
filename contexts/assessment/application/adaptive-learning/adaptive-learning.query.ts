import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { LearningState } from '../../contracts/index.js';

/** Adaptive learning (000 §4.3): the track's stations, the active one's questions; only ids in the lists are taken. */
export class AdaptiveLearningQuery extends Query<LearningState> {
  constructor(
    readonly user: Extract<Principal, { kind: 'user' }>,
    readonly stationId: string | undefined,
    readonly questionId: string | undefined,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
