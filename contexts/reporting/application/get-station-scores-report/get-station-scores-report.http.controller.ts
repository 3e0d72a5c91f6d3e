import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { stationScoresReportQuerySchema, type StationScoresReportPage, type StationScoresReportQuery } from '../../contracts/index.js';
import { GetStationScoresReportQuery } from './get-station-scores-report.query.js';

@Controller('reports/station-scores')
export class GetStationScoresReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(stationScoresReportQuerySchema) q: StationScoresReportQuery, @CurrentRequest() req: PortalRequest): Promise<StationScoresReportPage> {
    return this.queries.execute(new GetStationScoresReportQuery(requireUser(req.principal), q, req));
  }
}
