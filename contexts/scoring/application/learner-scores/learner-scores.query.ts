import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { scoresResponseSchema } from '../../contracts/index.js';

/** The learner's score detail per crop and in total (000 §3, §9; ADR 0044). */
export class LearnerScoresQuery extends Query<z.infer<typeof scoresResponseSchema>> {
  constructor(
    readonly userId: string,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
