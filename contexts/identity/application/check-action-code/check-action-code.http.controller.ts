import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public, ZodBody } from '@portal/platform';
import type { z } from 'zod';
import { checkActionCodeRequestSchema, type ActionMode } from '../../contracts/index.js';
import { CheckActionCodeQuery } from './check-action-code.query.js';

/** Public: the link's code is the proof. */
@Controller()
export class CheckActionCodeController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Post('checkActionCode')
  @HttpCode(200)
  @Public()
  check(@ZodBody(checkActionCodeRequestSchema) body: z.infer<typeof checkActionCodeRequestSchema>): Promise<{ mode: ActionMode; email: string }> {
    return this.queries.execute(new CheckActionCodeQuery(body.mode, body.oobCode));
  }
}
