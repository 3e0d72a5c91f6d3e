import type { MyAttendance, ScheduledEvent, ScheduledEventState } from '@portal/events/contracts/http';

/**
 * What can be done with an event in its state (ADR 0060: draft -> published -> finished,
 * canceled from draft or published; enrolment closes at the start), so screens offer only what
 * the API accepts. The API decides; these decide what is shown.
 */
export const canEdit = (state: ScheduledEventState): boolean => state === 'draft' || state === 'published';
export const canPublish = (state: ScheduledEventState): boolean => state === 'draft';
export const canCancel = (state: ScheduledEventState): boolean => state === 'draft' || state === 'published';
/** Check-in and check-out run on published and finished events. */
export const canRunPresence = (state: ScheduledEventState): boolean => state === 'published' || state === 'finished';

type EventTimes = Pick<ScheduledEvent, 'state' | 'startsAt' | 'endsAt'>;

export const hasStarted = (e: Pick<ScheduledEvent, 'startsAt'>, now: Date): boolean => now >= new Date(e.startsAt);
export const canFinish = (e: EventTimes, now: Date): boolean => e.state === 'published' && now >= new Date(e.endsAt);

/** A learner's button on the published view. */
export type LearnerAction = 'enrol' | 'join-waitlist' | 'withdraw' | 'leave-waitlist' | 'closed' | 'none';

export function learnerAction(e: EventTimes & Pick<ScheduledEvent, 'vacancies' | 'counts'>, me: MyAttendance | null | undefined, now: Date): LearnerAction {
  if (e.state !== 'published') return 'none';
  const open = !hasStarted(e, now);
  if (me?.status === 'enrolled') return open ? 'withdraw' : 'none';
  if (me?.status === 'waitlisted') return open ? 'leave-waitlist' : 'none';
  if (!open) return 'closed';
  return e.counts.enrolled < e.vacancies ? 'enrol' : 'join-waitlist';
}

/** Seats left, never below 0 (vacancies lowered below those enrolled keep who is enrolled). */
export const seatsLeft = (e: Pick<ScheduledEvent, 'vacancies' | 'counts'>): number => Math.max(0, e.vacancies - e.counts.enrolled);

/** Check-in opens 60 min before the start (ADR 0060): when an enrolled attendee's ticket and scan are worth showing first. */
export const CHECK_IN_OPENS_MIN = 60;
export const presenceOpen = (e: EventTimes, now: Date): boolean =>
  canRunPresence(e.state) && now.getTime() >= new Date(e.startsAt).getTime() - CHECK_IN_OPENS_MIN * 60_000 && now.getTime() <= new Date(e.endsAt).getTime() + 120 * 60_000;
