import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { Home } from '../../contracts/index.js';

/** GET /home ("My content", 000 §4.12): the first page of every playlist and the counts. */
export class GetHomeQuery extends Query<Home> {
  constructor(
    readonly principal: Principal,
    readonly options: { area?: string | undefined; tz?: string | undefined },
    readonly request: PortalRequest,
  ) {
    super();
  }
}
