import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { referenceDataResponseSchema } from '../../contracts/index.js';

export class GetReferenceDataQuery extends Query<z.infer<typeof referenceDataResponseSchema>> {
  constructor(
    /** the request, for read-your-writes (its x-min-position) */
    readonly req: PortalRequest,
  ) {
    super();
  }
}
