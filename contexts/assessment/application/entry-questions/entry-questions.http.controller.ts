import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { entryQuestionsParamsSchema } from '../../contracts/index.js';
import { EntryQuestionsQuery } from './entry-questions.query.js';

/** GET /questions/entry/:entryId (the question overlay of a content entry, 000 §4.4; honours x-min-position). */
@Controller('questions')
export class EntryQuestionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('entry/:entryId')
  @Authorized()
  entry(@ZodParams(entryQuestionsParamsSchema) p: z.infer<typeof entryQuestionsParamsSchema>, @CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new EntryQuestionsQuery(requireUser(req.principal), p.entryId, req));
  }
}
