import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { RouteResolution } from '../../contracts/index.js';

/** GET /catalogue/route?path=: the station (and detail) an SPA path names (000 §2.1). */
export class ResolveRouteQuery extends Query<RouteResolution> {
  constructor(
    readonly principal: Principal,
    readonly path: string,
    readonly request: PortalRequest,
  ) {
    super();
  }
}
