import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { scormContentParamsSchema } from '../../contracts/index.js';
import { requireScormUser, type ScormContent } from '../shared/scorm.js';
import { GetScormContentQuery } from './get-scorm-content.query.js';

/** GET /user-store/scorm-content/:id (000 §7): `cmi` to seed the SCORM runtime. */
@Controller()
export class GetScormContentController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('user-store/scorm-content/:id')
  @Authorized()
  content(@ZodParams(scormContentParamsSchema) params: z.infer<typeof scormContentParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<ScormContent> {
    return this.queries.execute(new GetScormContentQuery(requireScormUser(req), params.id, req));
  }
}
