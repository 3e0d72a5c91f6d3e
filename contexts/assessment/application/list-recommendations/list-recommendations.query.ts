import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { RecommendationView } from '../../contracts/index.js';

/** The caller's recommendations (newest last) and the unseen count (000 §4.6). */
export class ListRecommendationsQuery extends Query<{ recommendations: RecommendationView[]; unseen: number }> {
  constructor(
    readonly user: Extract<Principal, { kind: 'user' }>,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
