import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public, ZodQuery } from '@portal/platform';
import type { z } from 'zod';
import { preRegistrationQuerySchema, type PreRegistration } from '../../contracts/index.js';
import { GetPreRegistrationQuery } from './get-pre-registration.query.js';

/** Public: the registration screen asks before anyone is signed in; the token is the proof. */
@Controller()
export class GetPreRegistrationController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('userPreRegister')
  @Public()
  find(@ZodQuery(preRegistrationQuerySchema) query: z.infer<typeof preRegistrationQuerySchema>): Promise<PreRegistration> {
    return this.queries.execute(new GetPreRegistrationQuery(query.hash !== undefined ? { hash: query.hash } : { email: query.email! }));
  }
}
