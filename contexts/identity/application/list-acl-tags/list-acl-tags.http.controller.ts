import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { aclTagOptionsResponseSchema } from '../../contracts/index.js';
import { ListAclTagsQuery } from './list-acl-tags.query.js';

/** The manager area (company staff with a company, or manage_all_companies). */
@Controller('adminApi/manager-reports-lookups')
export class ListAclTagsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('acl-tags-options')
  @Authorized()
  aclTags(@CurrentRequest() req: PortalRequest): Promise<z.infer<typeof aclTagOptionsResponseSchema>> {
    return this.queries.execute(new ListAclTagsQuery(requireUser(req.principal)));
  }
}
