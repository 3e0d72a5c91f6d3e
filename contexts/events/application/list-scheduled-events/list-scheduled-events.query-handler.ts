import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listScheduledEvents } from '@portal/projection-events-scheduled';
import type { ScheduledEventList } from '../../contracts/index.js';
import { SCHEDULED } from '../shared/event-reads.js';
import { ListScheduledEventsQuery } from './list-scheduled-events.query.js';

@QueryHandler(ListScheduledEventsQuery)
export class ListScheduledEventsHandler implements IQueryHandler<ListScheduledEventsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ filter, page, req }: ListScheduledEventsQuery): Promise<ScheduledEventList> {
    await waitForReads(this.projections, req, [SCHEDULED]);
    const { total, rows } = await listScheduledEvents(this.projections.reader(SCHEDULED), filter, page);
    return { total, items: rows };
  }
}
