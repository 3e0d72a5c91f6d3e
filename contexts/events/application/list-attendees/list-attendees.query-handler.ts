import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findScheduledEvent } from '@portal/projection-events-scheduled';
import type { AttendeeList } from '../../contracts/index.js';
import { attendeeRows } from '../shared/attendee-rows.js';
import { SCHEDULED } from '../shared/event-reads.js';
import { ListAttendeesQuery } from './list-attendees.query.js';

@QueryHandler(ListAttendeesQuery)
export class ListAttendeesHandler implements IQueryHandler<ListAttendeesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ eventId, req }: ListAttendeesQuery): Promise<AttendeeList> {
    await waitForReads(this.projections, req, [SCHEDULED]);
    const event = await findScheduledEvent(this.projections.reader(SCHEDULED), eventId);
    if (!event) throw new AppError('404');
    return { eventId, counts: event.counts, vacancies: event.vacancies, items: await attendeeRows(this.projections, eventId) };
  }
}
