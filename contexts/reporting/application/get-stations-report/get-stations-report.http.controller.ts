import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { stationsReportQuerySchema, type StationsReportPage, type StationsReportQuery } from '../../contracts/index.js';
import { GetStationsReportQuery } from './get-stations-report.query.js';

@Controller('reports/stations')
export class GetStationsReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(stationsReportQuerySchema) q: StationsReportQuery, @CurrentRequest() req: PortalRequest): Promise<StationsReportPage> {
    return this.queries.execute(new GetStationsReportQuery(requireUser(req.principal), q, req));
  }
}
