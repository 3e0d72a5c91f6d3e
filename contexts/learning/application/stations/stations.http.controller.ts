import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, GuestOrUser, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import {
  journeyListQuerySchema,
  routeQuerySchema,
  stationParamsSchema,
  stationsQuerySchema,
  type RouteResolution,
  type StationDetail,
  type StationSummary,
} from '../../contracts/index.js';
import { requireActivePrincipal } from '../shared/access.js';
import { minPositionOf } from '../shared/reads.js';
import { GetJourneyListQuery, GetJourneyQuery, GetStationQuery, GetStationsQuery, GetTrainingQuery, ResolveRouteQuery } from './stations.queries.js';

const principalOf = (req: PortalRequest) => requireActivePrincipal(req.principal);

/** Station summaries, station pages and the /training, /journey and /station routes (000 §2.1, §3). */
@Controller()
export class StationsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('stations')
  @Authorized()
  stations(@ZodQuery(stationsQuerySchema) query: z.infer<typeof stationsQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<StationSummary[]> {
    return this.queries.execute(new GetStationsQuery(principalOf(req), query, minPositionOf(req)));
  }

  @Get('stations/:stationId')
  @GuestOrUser()
  station(@ZodParams(stationParamsSchema) params: z.infer<typeof stationParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<StationDetail> {
    return this.queries.execute(new GetStationQuery(principalOf(req), params.stationId, minPositionOf(req)));
  }

  @Get('catalogue/route')
  @GuestOrUser()
  route(@ZodQuery(routeQuerySchema) query: z.infer<typeof routeQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<RouteResolution> {
    return this.queries.execute(new ResolveRouteQuery(principalOf(req), query.path, minPositionOf(req)));
  }

  @Get('training')
  @Authorized()
  training(@CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new GetTrainingQuery(principalOf(req), minPositionOf(req)));
  }

  @Get('journey')
  @Authorized()
  journey(@CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new GetJourneyQuery(principalOf(req), minPositionOf(req)));
  }

  @Get('journey/list')
  @Authorized()
  journeyList(@ZodQuery(journeyListQuerySchema) query: z.infer<typeof journeyListQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<StationSummary[]> {
    return this.queries.execute(new GetJourneyListQuery(principalOf(req), query.playlist, minPositionOf(req)));
  }
}
