import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { trainingHomeSchema } from '../../contracts/index.js';

/** GET /training: the crops with progress and certificate status. */
export class GetTrainingQuery extends Query<z.infer<typeof trainingHomeSchema>> {
  constructor(
    readonly principal: Principal,
    readonly request: PortalRequest,
  ) {
    super();
  }
}
