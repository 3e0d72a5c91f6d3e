import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { Readable } from 'node:stream';
import type { Locale } from '@portal/kernel';
import type { EventReport } from '../../contracts/index.js';

/** JSON for the report screen, or the attendee rows as CSV (EVENT_REPORT_CSV_COLUMNS) or as an XLSX stream (headers in `lang`). */
export class EventReportQuery extends Query<EventReport | string | Readable> {
  constructor(
    readonly eventId: string,
    readonly format: 'json' | 'csv' | 'xlsx',
    readonly lang: Locale,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
