import { describe, expect, it } from 'vitest';
import { canCancel, canEdit, canFinish, canPublish, learnerAction, presenceOpen, seatsLeft } from './event-actions';
import { isAttendee, isEventsAdmin, isEventsStaff } from './access';
import { editId, eventPaths } from './paths';

const event = (changes: Record<string, unknown> = {}) => ({
  state: 'published' as const,
  startsAt: '2026-12-10T11:00:00.000Z',
  endsAt: '2026-12-10T15:00:00.000Z',
  vacancies: 2,
  counts: { enrolled: 1, waitlisted: 0, checkedIn: 0, checkedOut: 0 },
  ...changes,
});
const before = new Date('2026-12-09T12:00:00Z');
const during = new Date('2026-12-10T12:00:00Z');

describe('what an event offers in its state (ADR 0060)', () => {
  it('staff: edit and cancel a draft or published event, publish a draft, finish after the finish hour', () => {
    expect(['draft', 'published', 'canceled', 'finished'].map((s) => [canEdit(s as never), canPublish(s as never), canCancel(s as never)])).toEqual([
      [true, true, true],
      [true, false, true],
      [false, false, false],
      [false, false, false],
    ]);
    expect(canFinish(event(), during)).toBe(false);
    expect(canFinish(event(), new Date('2026-12-10T15:00:00Z'))).toBe(true);
  });

  it('a learner enrols while seats last, joins the line when full, withdraws until the start', () => {
    expect(learnerAction(event(), null, before)).toBe('enrol');
    expect(learnerAction(event({ counts: { enrolled: 2, waitlisted: 3, checkedIn: 0, checkedOut: 0 } }), null, before)).toBe('join-waitlist');
    const enrolled = { status: 'enrolled' as const, position: null, checkedInAt: null, checkedOutAt: null, ticket: 't1' };
    expect(learnerAction(event(), enrolled, before)).toBe('withdraw');
    expect(learnerAction(event(), { ...enrolled, status: 'waitlisted', position: 2, ticket: null }, before)).toBe('leave-waitlist');
    expect(learnerAction(event(), null, during)).toBe('closed');
    expect(learnerAction(event(), enrolled, during)).toBe('none');
    expect(learnerAction(event({ state: 'draft' }), null, before)).toBe('none');
    expect(seatsLeft(event({ vacancies: 1, counts: { enrolled: 3, waitlisted: 0, checkedIn: 0, checkedOut: 0 } }))).toBe(0);
  });

  it('presence runs from an hour before the start to two hours after the finish', () => {
    expect(presenceOpen(event(), new Date('2026-12-10T10:00:00Z'))).toBe(true);
    expect(presenceOpen(event(), new Date('2026-12-10T09:59:00Z'))).toBe(false);
    expect(presenceOpen(event(), new Date('2026-12-10T17:00:00Z'))).toBe(true);
    expect(presenceOpen(event({ state: 'canceled' }), during)).toBe(false);
  });
});

describe('who opens what (001 §2, §6)', () => {
  it('staff screens for tc_admin and tc_manager, writes for a Brazilian tc_admin, attendee screens for all but the auditor', () => {
    expect(isEventsStaff({ roles: ['tc_manager'], country: 'MX' })).toBe(true);
    expect(isEventsStaff({ roles: ['learner'], country: 'BR' })).toBe(false);
    expect(isEventsAdmin({ roles: ['tc_admin'], country: 'BR' })).toBe(true);
    expect(isEventsAdmin({ roles: ['tc_admin'], country: 'AR' })).toBe(false);
    expect(isAttendee({ roles: ['learner'], country: 'AR' })).toBe(true);
    expect(isAttendee({ roles: ['auditor'], country: 'BR' })).toBe(false);
    expect(isAttendee(null)).toBe(false);
  });

  it('the form and editor take a UUID or "new"', () => {
    expect(editId('new')).toEqual({ kind: 'new' });
    expect(editId('0f8fad5b-d9cb-469f-a165-70867728950e')).toEqual({ kind: 'edit', id: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect(editId('42')).toBeNull();
    expect(eventPaths.takeQuiz('e', 'q')).toBe('/scheduled-events/published/e/quiz/q');
  });
});
