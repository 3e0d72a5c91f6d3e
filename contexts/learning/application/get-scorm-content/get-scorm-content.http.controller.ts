import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { scormContentParamsSchema, scormContentQuerySchema } from '../../contracts/index.js';
import { requireScormUser, type ScormContent } from '../shared/scorm.js';
import { GetScormContentQuery } from './get-scorm-content.query.js';

/** GET /user-store/scorm-content/:id?lang= (000 §7): `cmi` to seed the SCORM runtime; a multi-SCO package with its SCOs' data (issue 27). */
@Controller()
export class GetScormContentController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('user-store/scorm-content/:id')
  @Authorized()
  content(
    @ZodParams(scormContentParamsSchema) params: z.infer<typeof scormContentParamsSchema>,
    @ZodQuery(scormContentQuerySchema) query: z.infer<typeof scormContentQuerySchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<ScormContent> {
    return this.queries.execute(new GetScormContentQuery(requireScormUser(req), params.id, req, query.lang ?? 'pt-BR'));
  }
}
