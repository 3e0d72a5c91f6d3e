import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { EventReport } from '../../contracts/index.js';

/** JSON for the report screen, or the attendee rows as CSV (EVENT_REPORT_CSV_COLUMNS). */
export class EventReportQuery extends Query<EventReport | string> {
  constructor(
    readonly eventId: string,
    readonly format: 'json' | 'csv',
    readonly req: PortalRequest,
  ) {
    super();
  }
}
