import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, requireUser, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findScheduledEvent } from '@portal/projection-events-scheduled';
import type { ScheduledEvent } from '../../contracts/index.js';
import { canSee } from '../../domain/index.js';
import { isEventsStaff } from '../shared/access.js';
import { EventReads, SCHEDULED } from '../shared/event-reads.js';
import { GetScheduledEventQuery } from './get-scheduled-event.query.js';

/**
 * One event. Staff see every event; anyone else sees a published or finished event meant for
 * them (001 §2 published view) or one they are on the list of, with their own enrolment and
 * ticket; any other id answers 404 like an unknown one.
 */
@QueryHandler(GetScheduledEventQuery)
export class GetScheduledEventHandler implements IQueryHandler<GetScheduledEventQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(EventReads) private readonly reads: EventReads,
  ) {}

  async execute({ eventId, req }: GetScheduledEventQuery): Promise<ScheduledEvent> {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, [SCHEDULED]);
    const row = await findScheduledEvent(this.projections.reader(SCHEDULED), eventId);
    if (!row) throw new AppError('404');
    const [event] = await this.reads.withMe([row], user.userId);
    if (isEventsStaff(user.roles)) return event!;
    const listed = event!.me != null && event!.me.status !== 'withdrawn';
    const visible = (row.state === 'published' || row.state === 'finished') && canSee(row, { country: user.country, allowedStations: user.allowedStations });
    if (row.state === 'draft' || (!visible && !listed)) throw new AppError('404');
    return event!;
  }
}
