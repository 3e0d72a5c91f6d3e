import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { scormListItemSchema } from '../../contracts/index.js';

/** GET /scorms: the SCORM courses the learner may open, with lock and progress. */
export class ListScormsQuery extends Query<z.infer<typeof scormListItemSchema>[]> {
  constructor(
    readonly principal: Principal,
    readonly request: PortalRequest,
  ) {
    super();
  }
}
