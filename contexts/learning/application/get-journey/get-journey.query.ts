import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { journeyHomeSchema } from '../../contracts/index.js';

/** GET /journey: trails, competence and library groups and the CTB cast (000 §2.6). */
export class GetJourneyQuery extends Query<z.infer<typeof journeyHomeSchema>> {
  constructor(
    readonly principal: Principal,
    readonly request: PortalRequest,
  ) {
    super();
  }
}
