import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GuestOrUser, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { routeQuerySchema, type RouteResolution } from '../../contracts/index.js';
import { requireActivePrincipal } from '../shared/access.js';
import { ResolveRouteQuery } from './resolve-route.query.js';

/** GET /catalogue/route?path=: the station (and detail) an SPA path names (000 §2.1). */
@Controller()
export class ResolveRouteController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('catalogue/route')
  @GuestOrUser()
  route(@ZodQuery(routeQuerySchema) query: z.infer<typeof routeQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<RouteResolution> {
    return this.queries.execute(new ResolveRouteQuery(requireActivePrincipal(req.principal), query.path, req));
  }
}
