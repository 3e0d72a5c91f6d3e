import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { scormListItemSchema } from '../../contracts/index.js';
import { requireScormUser } from '../shared/scorm.js';
import { ListScormsQuery } from './list-scorms.query.js';

/** GET /scorms (000 §7, /courses behind the scormTest toggle). */
@Controller()
export class ListScormsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('scorms')
  @Authorized()
  list(@CurrentRequest() req: PortalRequest): Promise<z.infer<typeof scormListItemSchema>[]> {
    return this.queries.execute(new ListScormsQuery(requireScormUser(req), req));
  }
}
