import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { QuestionSet } from '../../contracts/index.js';

/** A content entry's questions (its questionsIds) with the learner's answers. */
export class EntryQuestionsQuery extends Query<QuestionSet> {
  constructor(
    readonly user: Extract<Principal, { kind: 'user' }>,
    readonly entryId: string,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
