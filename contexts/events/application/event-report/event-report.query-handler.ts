import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import { AppError, type Clock } from '@portal/kernel';
import { CLOCK, csvOf, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findScheduledEvent } from '@portal/projection-events-scheduled';
import { EVENT_REPORT_CSV_COLUMNS, type EventReport } from '../../contracts/index.js';
import { attendeeRows } from '../shared/attendee-rows.js';
import { SCHEDULED } from '../shared/event-reads.js';
import { EventReportQuery } from './event-report.query.js';
import { eventReportXlsx } from './report-xlsx.js';

/** The event report: the event with its counts, and every attendee's enrolment, presence and quiz score. */
@QueryHandler(EventReportQuery)
export class EventReportHandler implements IQueryHandler<EventReportQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ eventId, format, lang, req }: EventReportQuery): Promise<EventReport | string | Readable> {
    await waitForReads(this.projections, req, [SCHEDULED]);
    const event = await findScheduledEvent(this.projections.reader(SCHEDULED), eventId);
    if (!event) throw new AppError('404');
    const attendees = await attendeeRows(this.projections, eventId);
    if (format === 'xlsx') return eventReportXlsx(event, attendees, lang, this.clock.now());
    return format === 'csv' ? csvOf(EVENT_REPORT_CSV_COLUMNS, attendees) : { event, attendees };
  }
}
