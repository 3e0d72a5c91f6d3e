import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { Answer } from '../../contracts/index.js';

/** The caller's current answer to every question answered. */
export class ListAnswersQuery extends Query<{ answers: Answer[] }> {
  constructor(
    readonly userId: string,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
