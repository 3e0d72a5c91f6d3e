import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ExpertQueue, ExpertQueueQuery } from '../../contracts/index.js';

export class ListExpertQueueQuery extends Query<ExpertQueue> {
  constructor(
    readonly userId: string,
    readonly filter: ExpertQueueQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
