import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import type { z } from 'zod';
import { pageTo, routeAreaOf, type CatalogueModel, type journeyHomeSchema, type RouteResolution, type StationDetail, type StationSummary, type trainingHomeSchema } from '../../contracts/index.js';
import { certificatesOf } from '../../domain/index.js';
import { requireStation, visibleStations } from '../shared/access.js';
import { LearnerReader } from '../shared/learner-reader.js';
import { GetJourneyListQuery, GetJourneyQuery, GetStationQuery, GetStationsQuery, GetTrainingQuery, ResolveRouteQuery } from './stations.queries.js';

/** A path segment names a station by path (000 §2.1 links) or, failing that, by id. */
const byPathOrId = (model: CatalogueModel, segment: string) => model.byPath.get(segment) ?? (model.stations.has(segment) ? segment : undefined);

@QueryHandler(GetStationsQuery)
export class GetStationsHandler implements IQueryHandler<GetStationsQuery> {
  constructor(@Inject(LearnerReader) private readonly reader: LearnerReader) {}

  async execute({ principal, filter, min }: GetStationsQuery): Promise<StationSummary[]> {
    const view = await this.reader.view(principal, min);
    return visibleStations(view.model, principal)
      .filter((s) => !filter.area || s.areas.includes(filter.area))
      .filter((s) => !filter.routeArea || routeAreaOf(view.model, s.stationId) === filter.routeArea)
      .map((s) => view.summary(s.stationId));
  }
}

@QueryHandler(GetStationQuery)
export class GetStationHandler implements IQueryHandler<GetStationQuery> {
  constructor(@Inject(LearnerReader) private readonly reader: LearnerReader) {}

  async execute({ principal, stationId, min }: GetStationQuery): Promise<StationDetail> {
    const view = await this.reader.view(principal, min);
    requireStation(view.model, principal, stationId);
    return view.detail(stationId);
  }
}

@QueryHandler(ResolveRouteQuery)
export class ResolveRouteHandler implements IQueryHandler<ResolveRouteQuery> {
  constructor(@Inject(LearnerReader) private readonly reader: LearnerReader) {}

  async execute({ principal, path, min }: ResolveRouteQuery): Promise<RouteResolution> {
    const view = await this.reader.view(principal, min);
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

@QueryHandler(GetTrainingQuery)
export class GetTrainingHandler implements IQueryHandler<GetTrainingQuery> {
  constructor(@Inject(LearnerReader) private readonly reader: LearnerReader) {}

  async execute({ principal, min }: GetTrainingQuery): Promise<z.infer<typeof trainingHomeSchema>> {
    const view = await this.reader.view(principal, min);
    const crops = visibleStations(view.model, principal).filter((s) => !s.parent && routeAreaOf(view.model, s.stationId) === 'training');
    return { crops: crops.map((s) => ({ ...view.summary(s.stationId), certificates: certificatesOf(view.model, view.facts, s.stationId) })) };
  }
}

const JOURNEY_GROUPS = ['trails', 'competence', 'library'] as const;

function journeys(view: Awaited<ReturnType<LearnerReader['view']>>, principal: GetJourneyQuery['principal']) {
  return visibleStations(view.model, principal).filter((s) => !s.parent && routeAreaOf(view.model, s.stationId) === 'journey');
}

@QueryHandler(GetJourneyQuery)
export class GetJourneyHandler implements IQueryHandler<GetJourneyQuery> {
  constructor(@Inject(LearnerReader) private readonly reader: LearnerReader) {}

  async execute({ principal, min }: GetJourneyQuery): Promise<z.infer<typeof journeyHomeSchema>> {
    const view = await this.reader.view(principal, min);
    const all = journeys(view, principal);
    const group = (category: (typeof JOURNEY_GROUPS)[number]) => all.filter((s) => s.displayCategory === category).map((s) => view.summary(s.stationId));
    const cast = all.find((s) => s.displayCategory === 'cast');
    return { trails: group('trails'), competence: group('competence'), library: group('library'), ctbCast: cast ? view.summary(cast.stationId) : null };
  }
}

@QueryHandler(GetJourneyListQuery)
export class GetJourneyListHandler implements IQueryHandler<GetJourneyListQuery> {
  constructor(@Inject(LearnerReader) private readonly reader: LearnerReader) {}

  async execute({ principal, playlist, min }: GetJourneyListQuery): Promise<StationSummary[]> {
    const view = await this.reader.view(principal, min);
    return journeys(view, principal)
      .filter((s) => (JOURNEY_GROUPS as readonly string[]).includes(s.displayCategory))
      .map((s) => view.summary(s.stationId))
      .filter((s) => playlist === 'all' || s.progress.status === playlist);
  }
}

export const STATION_QUERY_HANDLERS = [GetStationsHandler, GetStationHandler, ResolveRouteHandler, GetTrainingHandler, GetJourneyHandler, GetJourneyListHandler];
