import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { lookupQuerySchema, type cropOptionsResponseSchema, type LookupQuery } from '../../contracts/index.js';
import { ListCropsQuery } from './list-crops.query.js';

/** The manager area (company staff with a company, or manage_all_companies). */
@Controller('manage-users')
export class ListCropsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('crops')
  @Authorized()
  crops(@ZodQuery(lookupQuerySchema) query: LookupQuery, @CurrentRequest() req: PortalRequest): Promise<z.infer<typeof cropOptionsResponseSchema>> {
    return this.queries.execute(new ListCropsQuery(requireUser(req.principal), query.lang ?? 'pt-BR'));
  }
}
