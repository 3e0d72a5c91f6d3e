import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodBody, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { rowIdsRequestSchema } from '../../contracts/index.js';
import { ListUnviewedRowsQuery } from './list-unviewed-rows.query.js';

@Controller('notification-messages')
export class ListUnviewedRowsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** A read sent as POST (the row ids do not fit a query string). */
  @Post('not-viewed-row-ids')
  @HttpCode(200)
  @Authorized()
  notViewed(@ZodBody(rowIdsRequestSchema) body: z.infer<typeof rowIdsRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<{ rowIds: string[] }> {
    return this.queries.execute(new ListUnviewedRowsQuery(requireUser(req.principal).userId, body.rowIds, req));
  }
}
