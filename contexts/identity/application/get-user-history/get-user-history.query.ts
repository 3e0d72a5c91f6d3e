import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { userHistoryResponseSchema } from '../../contracts/index.js';

export class GetUserHistoryQuery extends Query<z.infer<typeof userHistoryResponseSchema>> {
  constructor(
    readonly userId: string,
    readonly req: PortalRequest,
    /** the page of the user's changes to others: those before this log position (newest when absent) */
    readonly actionsBefore?: bigint,
  ) {
    super();
  }
}
