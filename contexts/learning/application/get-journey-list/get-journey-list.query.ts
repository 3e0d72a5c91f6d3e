import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { StationSummary } from '../../contracts/index.js';

/** GET /journey/list?playlist=: /journey/list (my training). */
export class GetJourneyListQuery extends Query<StationSummary[]> {
  constructor(
    readonly principal: Principal,
    readonly playlist: 'all' | 'in-progress' | 'completed',
    readonly request: PortalRequest,
  ) {
    super();
  }
}
