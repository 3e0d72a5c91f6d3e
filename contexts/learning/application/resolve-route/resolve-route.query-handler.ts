import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { pageTo, routeAreaOf, type CatalogueModel, type RouteResolution } from '../../contracts/index.js';
import { requireStation } from '../shared/access.js';
import { LEARNER_READS, LearnerReader } from '../shared/learner-reader.js';
import { ResolveRouteQuery } from './resolve-route.query.js';

/** A path segment names a station by path (000 §2.1 links) or, failing that, by id. */
const byPathOrId = (model: CatalogueModel, segment: string) => model.byPath.get(segment) ?? (model.stations.has(segment) ? segment : undefined);

@QueryHandler(ResolveRouteQuery)
export class ResolveRouteHandler implements IQueryHandler<ResolveRouteQuery> {
  constructor(
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, path, request }: ResolveRouteQuery): Promise<RouteResolution> {
    await waitForReads(this.projections, request, LEARNER_READS);
    const view = await this.reader.view(principal);
    const model = view.model;
    const [, , first, second] = path.replace(/\/$/, '').split('/');
    const stationId = first ? byPathOrId(model, first) : undefined;
    if (!stationId) throw new AppError('404');
    requireStation(model, principal, stationId);
    let detailId: string | null = null;
    if (second) {
      detailId = byPathOrId(model, second) ?? null;
      // the detail must belong to the station of the first segment
      if (!detailId || model.stations.get(detailId)!.parent !== stationId) throw new AppError('404');
      requireStation(model, principal, detailId);
    }
    const target = detailId ?? stationId;
    return {
      area: routeAreaOf(model, target),
      station: view.detail(stationId),
      detail: detailId ? view.detail(detailId) : null,
      canonicalPath: pageTo(model, target),
    };
  }
}
