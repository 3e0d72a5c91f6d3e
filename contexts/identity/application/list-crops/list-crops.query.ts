import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { z } from 'zod';
import type { cropOptionsResponseSchema } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class ListCropsQuery extends Query<z.infer<typeof cropOptionsResponseSchema>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly lang: Locale,
  ) {
    super();
  }
}
