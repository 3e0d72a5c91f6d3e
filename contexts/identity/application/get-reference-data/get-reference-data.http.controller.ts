import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { referenceDataResponseSchema } from '../../contracts/index.js';
import { GetReferenceDataQuery } from './get-reference-data.query.js';

/** Holders of manage_all_companies only (they administer reference data). */
@Controller('manage-users')
export class GetReferenceDataController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('reference-data')
  @Authorized({ permissions: ['manage_all_companies'] })
  referenceData(@CurrentRequest() req: PortalRequest): Promise<z.infer<typeof referenceDataResponseSchema>> {
    return this.queries.execute(new GetReferenceDataQuery(req));
  }
}
