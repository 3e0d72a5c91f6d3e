import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { z } from 'zod';
import type { userProfileEditOptionsResponseSchema } from '../../contracts/index.js';

export class GetProfileOptionsQuery extends Query<z.infer<typeof userProfileEditOptionsResponseSchema>> {
  constructor(readonly lang: Locale) {
    super();
  }
}
