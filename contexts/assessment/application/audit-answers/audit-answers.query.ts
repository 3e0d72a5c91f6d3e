import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { auditAnswersResponseSchema } from '../../contracts/index.js';

/** The auditor's trace of one learner's answers. */
export class AuditAnswersQuery extends Query<z.infer<typeof auditAnswersResponseSchema>> {
  constructor(readonly userId: string) {
    super();
  }
}
