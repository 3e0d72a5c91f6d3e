import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { answersTrendQuerySchema, AnswersTrend } from '../../contracts/index.js';

export class GetAnswersTrendQuery extends Query<AnswersTrend> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: z.infer<typeof answersTrendQuerySchema>,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
