import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { QuestionSet } from '../../contracts/index.js';

/** A station's questions (its questions config) with the learner's answers and the questions progress. */
export class StationQuestionsQuery extends Query<QuestionSet> {
  constructor(
    readonly user: Extract<Principal, { kind: 'user' }>,
    readonly stationId: string,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
