import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { userHistoryResponseSchema } from '../../contracts/index.js';

export class GetUserHistoryQuery extends Query<z.infer<typeof userHistoryResponseSchema>> {
  constructor(readonly userId: string) {
    super();
  }
}
