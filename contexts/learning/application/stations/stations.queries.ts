import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { Checkpoint } from '@portal/eventstore';
import type { z } from 'zod';
import type { journeyHomeSchema, RouteResolution, StationDetail, StationSummary, trainingHomeSchema } from '../../contracts/index.js';

export class GetStationsQuery extends Query<StationSummary[]> {
  constructor(
    readonly principal: Principal,
    readonly filter: { area?: string | undefined; routeArea?: string | undefined },
    readonly min: Checkpoint | null,
  ) {
    super();
  }
}
export class GetStationQuery extends Query<StationDetail> {
  constructor(
    readonly principal: Principal,
    readonly stationId: string,
    readonly min: Checkpoint | null,
  ) {
    super();
  }
}
export class ResolveRouteQuery extends Query<RouteResolution> {
  constructor(
    readonly principal: Principal,
    readonly path: string,
    readonly min: Checkpoint | null,
  ) {
    super();
  }
}
export class GetTrainingQuery extends Query<z.infer<typeof trainingHomeSchema>> {
  constructor(
    readonly principal: Principal,
    readonly min: Checkpoint | null,
  ) {
    super();
  }
}
export class GetJourneyQuery extends Query<z.infer<typeof journeyHomeSchema>> {
  constructor(
    readonly principal: Principal,
    readonly min: Checkpoint | null,
  ) {
    super();
  }
}
export class GetJourneyListQuery extends Query<StationSummary[]> {
  constructor(
    readonly principal: Principal,
    readonly playlist: 'all' | 'in-progress' | 'completed',
    readonly min: Checkpoint | null,
  ) {
    super();
  }
}
