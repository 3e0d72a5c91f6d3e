import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { legalHoldsSchema } from '../../../contracts/index.js';
import type { UserPrincipal } from '../privacy-record.js';

export class ListLegalHoldsQuery extends Query<z.infer<typeof legalHoldsSchema>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly userId: string,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
