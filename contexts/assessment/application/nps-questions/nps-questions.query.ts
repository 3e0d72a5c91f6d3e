import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { npsStateSchema } from '../../contracts/index.js';

/** The NPS panel (000 §4.8): AV1 then AV2. */
export class NpsQuestionsQuery extends Query<z.infer<typeof npsStateSchema>> {
  constructor(
    readonly user: Extract<Principal, { kind: 'user' }>,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
