import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { stationContentAnswersReportQuerySchema, type StationContentAnswersReportPage, type StationContentAnswersReportQuery } from '../../contracts/index.js';
import { GetStationContentStationContentAnswersReportQuery } from './get-station-content-answers-report.query.js';

@Controller('reports/station-content-answers')
export class GetStationContentAnswersReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(stationContentAnswersReportQuerySchema) q: StationContentAnswersReportQuery, @CurrentRequest() req: PortalRequest): Promise<StationContentAnswersReportPage> {
    return this.queries.execute(new GetStationContentStationContentAnswersReportQuery(requireUser(req.principal), q, req));
  }
}
