import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import type { Checkpoint } from '@portal/eventstore';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { attendanceOf, findScheduledEvent, type ScheduledEventRow } from '@portal/projection-events-scheduled';
import type { Enrolment, MyAttendance, ScheduledEvent } from '../../contracts/index.js';
import type { ScheduledEventState } from '../../domain/index.js';
import { EventCodes } from './codes.js';

export const SCHEDULED = 'events-scheduled';
export const QUIZZES = 'events-quizzes';

/** Reads of the events-scheduled read model the use cases share: an event after a write, and the caller's own place in events. */
@Injectable()
export class EventReads {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(EventCodes) private readonly codes: EventCodes,
  ) {}

  /** The event as the read model has it once it applied `checkpoint` (a write's answer). */
  async detailAfter(eventId: string, checkpoint: Checkpoint | null): Promise<ScheduledEvent> {
    if (checkpoint) await this.projections.waitForAll([SCHEDULED], checkpoint);
    const row = await findScheduledEvent(this.projections.reader(SCHEDULED), eventId);
    if (!row) throw new AppError('404');
    return row;
  }

  /** The rows with the caller's attendance (and personal ticket while enrolled). */
  async withMe(rows: ScheduledEventRow[], userId: string): Promise<ScheduledEvent[]> {
    const mine = await attendanceOf(this.projections.reader(SCHEDULED), userId, rows.map((r) => r.eventId));
    return rows.map((row) => {
      const a = mine.get(row.eventId);
      return { ...row, me: a ? this.attendance(row.eventId, userId, a) : null };
    });
  }

  attendance(eventId: string, userId: string, a: Omit<MyAttendance, 'ticket'>): MyAttendance {
    return {
      status: a.status,
      position: a.position,
      checkedInAt: a.checkedInAt,
      checkedOutAt: a.checkedOutAt,
      ticket: a.status === 'enrolled' ? this.codes.ticket(eventId, userId) : null,
    };
  }

  /** The caller's enrolment as the decision left it (enrol, withdraw answer without waiting for the read model). */
  enrolmentIn(state: ScheduledEventState, userId: string): Enrolment {
    const a = state.attendees.get(userId);
    const position = a?.status === 'waitlisted' ? state.waitlist.indexOf(userId) + 1 : null;
    return {
      eventId: state.eventId,
      userId,
      attendance: this.attendance(state.eventId, userId, {
        status: a?.status ?? 'withdrawn',
        position,
        checkedInAt: a?.checkedInAt ?? null,
        checkedOutAt: a?.checkedOutAt ?? null,
      }),
    };
  }
}
