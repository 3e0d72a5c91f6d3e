import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { aclTagOptionsResponseSchema } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class ListAclTagsQuery extends Query<z.infer<typeof aclTagOptionsResponseSchema>> {
  constructor(readonly principal: UserPrincipal) {
    super();
  }
}
