import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { csvOf, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findScheduledEvent } from '@portal/projection-events-scheduled';
import { EVENT_REPORT_CSV_COLUMNS, type EventReport } from '../../contracts/index.js';
import { attendeeRows } from '../shared/attendee-rows.js';
import { SCHEDULED } from '../shared/event-reads.js';
import { EventReportQuery } from './event-report.query.js';

/** The event report: the event with its counts, and every attendee's enrolment, presence and quiz score. */
@QueryHandler(EventReportQuery)
export class EventReportHandler implements IQueryHandler<EventReportQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ eventId, format, req }: EventReportQuery): Promise<EventReport | string> {
    await waitForReads(this.projections, req, [SCHEDULED]);
    const event = await findScheduledEvent(this.projections.reader(SCHEDULED), eventId);
    if (!event) throw new AppError('404');
    const attendees = await attendeeRows(this.projections, eventId);
    return format === 'csv' ? csvOf(EVENT_REPORT_CSV_COLUMNS, attendees) : { event, attendees };
  }
}
