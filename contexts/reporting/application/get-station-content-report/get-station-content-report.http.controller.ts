import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { stationContentReportQuerySchema, type StationContentReportPage, type StationContentReportQuery } from '../../contracts/index.js';
import { GetStationContentReportQuery } from './get-station-content-report.query.js';

@Controller('reports/station-content')
export class GetStationContentReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(stationContentReportQuerySchema) q: StationContentReportQuery, @CurrentRequest() req: PortalRequest): Promise<StationContentReportPage> {
    return this.queries.execute(new GetStationContentReportQuery(requireUser(req.principal), q, req));
  }
}
