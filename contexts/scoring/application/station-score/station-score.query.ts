import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { stationScoreResponseSchema } from '../../contracts/index.js';

/** The main header's score (000 §2.8): the active station, its crop and the total. */
export class StationScoreQuery extends Query<z.infer<typeof stationScoreResponseSchema>> {
  constructor(
    readonly userId: string,
    readonly stationId: string,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
