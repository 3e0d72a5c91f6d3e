import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ExpertMe } from '../../contracts/index.js';

export class GetExpertMeQuery extends Query<ExpertMe> {
  constructor(
    readonly userId: string,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
