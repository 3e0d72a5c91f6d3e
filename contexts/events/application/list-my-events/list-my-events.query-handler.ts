import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import { CLOCK, PROJECTIONS, requireUser, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listVisibleEvents } from '@portal/projection-events-scheduled';
import type { ScheduledEventList } from '../../contracts/index.js';
import { EventReads, SCHEDULED } from '../shared/event-reads.js';
import { ListMyEventsQuery } from './list-my-events.query.js';

/** "My events" (ADR 0060): published events of my country (and of my allowed crops when the event names cultures) and those I am on the list of. */
@QueryHandler(ListMyEventsQuery)
export class ListMyEventsHandler implements IQueryHandler<ListMyEventsQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(EventReads) private readonly reads: EventReads,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ when, page, req }: ListMyEventsQuery): Promise<ScheduledEventList> {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, [SCHEDULED]);
    const allowed = user.allowedStations === 'all' ? 'all' : Object.keys(user.allowedStations);
    const { total, rows } = await listVisibleEvents(
      this.projections.reader(SCHEDULED),
      { country: user.country ?? '', allowedStations: allowed, userId: user.userId },
      when,
      this.clock.now().toISOString(),
      page,
    );
    return { total, items: await this.reads.withMe(rows, user.userId) };
  }
}
