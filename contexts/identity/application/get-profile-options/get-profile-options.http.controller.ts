import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, ZodQuery } from '@portal/platform';
import type { z } from 'zod';
import { countriesQuerySchema, type userProfileEditOptionsResponseSchema } from '../../contracts/index.js';
import { GetProfileOptionsQuery } from './get-profile-options.query.js';

@Controller()
export class GetProfileOptionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('userProfileEditOptions')
  @Authorized({ allowIncomplete: true })
  options(@ZodQuery(countriesQuerySchema) q: z.infer<typeof countriesQuerySchema>): Promise<z.infer<typeof userProfileEditOptionsResponseSchema>> {
    return this.queries.execute(new GetProfileOptionsQuery(q.lang ?? 'pt-BR'));
  }
}
