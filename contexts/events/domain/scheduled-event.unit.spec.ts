import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { QuizDefinition, ScheduledEventDefinition, ScheduledEventEvent } from '../contracts/events.js';
import { codeWindowAt } from './rules.js';
import { scheduledEventDecider, type ScheduledEventCommand } from './scheduled-event.js';

const spec = deciderSpec<ReturnType<typeof scheduledEventDecider.initial>, ScheduledEventCommand, ScheduledEventEvent>(scheduledEventDecider);

const EVENT = 'e-1';
const ADMIN = 'u-admin';
const STARTS = '2026-12-10T12:00:00.000Z'; // 09:00 in São Paulo
const ENDS = '2026-12-10T15:00:00.000Z';
const BEFORE = '2026-12-01T12:00:00.000Z';
const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

const definition = (overrides: Partial<ScheduledEventDefinition> = {}): ScheduledEventDefinition => ({
  title: 'Dia de campo: soja',
  type: 'field-day',
  description: 'Manejo de pragas',
  date: '2026-12-10',
  startHour: '09:00',
  finishHour: '12:00',
  timezone: 'America/Sao_Paulo',
  country: 'BR',
  venue: 'Fazenda Modelo',
  author: 'Elena',
  department: 'Agronomia',
  cluster: 'Sul',
  categories: ['campo'],
  cultures: [],
  competenceArea: 'Proteção',
  region: 'PR',
  brand: 'Marca',
  bu: 'BU1',
  targetAudience: 'Produtores',
  estimatedAudience: 40,
  instructor: 'Dr. Lima',
  vacancies: 2,
  ...overrides,
});

const created = (overrides: Partial<ScheduledEventDefinition> = {}): ScheduledEventEvent => ({
  type: 'ScheduledEventCreated',
  data: { eventId: EVENT, ...definition(overrides), startsAt: STARTS, endsAt: ENDS, createdAt: BEFORE, by: ADMIN },
});
const published: ScheduledEventEvent = { type: 'ScheduledEventPublished', data: { eventId: EVENT, publishedAt: BEFORE, by: ADMIN } };
const person = (n: number) => ({ userId: `u-${n}`, email: `p${n}@example.com`, lang: 'pt-BR' as const });
const enrolled = (n: number, seatsTaken = n, fromWaitlist = false): ScheduledEventEvent => ({
  type: 'AttendeeEnrolled',
  data: { eventId: EVENT, ...person(n), fromWaitlist, seatsTaken, vacancies: 2, enrolledAt: BEFORE, by: fromWaitlist ? 'system:waitlist' : `u-${n}` },
});
const waitlisted = (n: number, position: number): ScheduledEventEvent => ({
  type: 'AttendeeWaitlisted',
  data: { eventId: EVENT, ...person(n), position, waitlistedAt: BEFORE, by: `u-${n}` },
});
const checkedIn = (n: number, when = STARTS): ScheduledEventEvent => ({
  type: 'AttendeeCheckedIn',
  data: { eventId: EVENT, userId: `u-${n}`, at: when, recordedAt: when, via: { kind: 'ticket', deviceId: null }, by: 'u-staff' },
});
const brazil = { country: 'BR', allowedStations: 'all' as const };
const enrol = (n: number, now = BEFORE, audience: { country: string | null; allowedStations: Record<string, true> | 'all' } | null = brazil): ScheduledEventCommand => ({
  type: 'Enrol',
  data: { attendee: person(n), audience, now, by: `u-${n}` },
});
const scan = (n: number, action: 'check-in' | 'check-out', now: string, via: { kind: 'staff-code'; window: number } | { kind: 'ticket'; deviceId: string | null } = { kind: 'staff-code', window: codeWindowAt(now) }, when = now): ScheduledEventCommand => ({
  type: 'Scan',
  data: { userId: `u-${n}`, action, at: when, via, now, by: `u-${n}` },
});

describe('scheduled event states: draft -> published -> finished, canceled from draft or published', () => {
  it('creates a draft', () => {
    spec
      .given([])
      .when({ type: 'CreateScheduledEvent', data: { eventId: EVENT, definition: definition(), startsAt: STARTS, endsAt: ENDS, now: BEFORE, by: ADMIN } })
      .then([created()]);
  });

  it('publishes a draft before its start, once', () => {
    spec.given([created()]).when({ type: 'PublishScheduledEvent', data: { now: BEFORE, by: ADMIN } }).then([published]);
    spec.given([created(), published]).when({ type: 'PublishScheduledEvent', data: { now: BEFORE, by: ADMIN } }).thenNothing();
  });

  it('does not publish an event that already started, nor a canceled one', () => {
    spec.given([created()]).when({ type: 'PublishScheduledEvent', data: { now: STARTS, by: ADMIN } }).thenThrows('event-invalid-state');
    const canceled: ScheduledEventEvent = { type: 'ScheduledEventCanceled', data: { eventId: EVENT, previousState: 'draft', reason: null, canceledAt: BEFORE, by: ADMIN } };
    spec.given([created(), canceled]).when({ type: 'PublishScheduledEvent', data: { now: BEFORE, by: ADMIN } }).thenThrows('event-invalid-state');
  });

  it('cancels from draft or published, with the state it left', () => {
    spec
      .given([created(), published])
      .when({ type: 'CancelScheduledEvent', data: { reason: 'chuva', now: BEFORE, by: ADMIN } })
      .then([{ type: 'ScheduledEventCanceled', data: { eventId: EVENT, previousState: 'published', reason: 'chuva', canceledAt: BEFORE, by: ADMIN } }]);
  });

  it('finishes a published event once its finish has passed; never a draft, never a finished one twice', () => {
    spec.given([created(), published]).when({ type: 'FinishScheduledEvent', data: { now: at(ENDS, -1), by: ADMIN } }).thenThrows('event-invalid-state');
    spec
      .given([created(), published])
      .when({ type: 'FinishScheduledEvent', data: { now: ENDS, by: ADMIN } })
      .then([{ type: 'ScheduledEventFinished', data: { eventId: EVENT, finishedAt: ENDS, by: ADMIN } }]);
    spec.given([created()]).when({ type: 'FinishScheduledEvent', data: { now: ENDS, by: ADMIN } }).thenThrows('event-invalid-state');
    const finished: ScheduledEventEvent = { type: 'ScheduledEventFinished', data: { eventId: EVENT, finishedAt: ENDS, by: ADMIN } };
    spec.given([created(), published, finished]).when({ type: 'CancelScheduledEvent', data: { reason: null, now: ENDS, by: ADMIN } }).thenThrows('event-invalid-state');
  });

  it('records what an edit changed, and nothing for an edit that changes nothing', () => {
    spec
      .given([created()])
      .when({ type: 'UpdateScheduledEvent', data: { definition: definition({ title: 'Novo título', venue: 'Sede' }), startsAt: STARTS, endsAt: ENDS, now: BEFORE, by: ADMIN } })
      .then([
        {
          type: 'ScheduledEventUpdated',
          data: { eventId: EVENT, ...definition({ title: 'Novo título', venue: 'Sede' }), startsAt: STARTS, endsAt: ENDS, changed: ['title', 'venue'], updatedAt: BEFORE, by: ADMIN },
        },
      ]);
    spec.given([created()]).when({ type: 'UpdateScheduledEvent', data: { definition: definition(), startsAt: STARTS, endsAt: ENDS, now: BEFORE, by: ADMIN } }).thenNothing();
  });

  it('answers 404 for an event that does not exist', () => {
    spec.given([]).when({ type: 'PublishScheduledEvent', data: { now: BEFORE, by: ADMIN } }).thenThrows('404');
    spec.given([]).when(enrol(1)).thenThrows('404');
  });
});

describe('an import row: create or update, then publish, in one decision (ADR 0087)', () => {
  const row = (publish: boolean, overrides: Partial<ScheduledEventDefinition> = {}, now = BEFORE): ScheduledEventCommand => ({
    type: 'ImportScheduledEvent',
    data: { eventId: EVENT, definition: definition(overrides), startsAt: STARTS, endsAt: ENDS, publish, now, by: ADMIN },
  });
  const updated = (changed: string[], overrides: Partial<ScheduledEventDefinition>): ScheduledEventEvent =>
    ({ type: 'ScheduledEventUpdated', data: { eventId: EVENT, ...definition(overrides), startsAt: STARTS, endsAt: ENDS, changed, updatedAt: BEFORE, by: ADMIN } }) as ScheduledEventEvent;

  it('creates, and publishes in the same decision when asked', () => {
    spec.given([]).when(row(false)).then([created()]);
    spec.given([]).when(row(true)).then([created(), published]);
  });
  it('updates what changed and publishes a draft; a published event is not published again', () => {
    spec.given([created()]).when(row(true, { venue: 'Sede' })).then([updated(['venue'], { venue: 'Sede' }), published]);
    spec.given([created(), published]).when(row(true, { venue: 'Sede' })).then([updated(['venue'], { venue: 'Sede' })]);
  });
  it('changes nothing for a row equal to the stored event (the same file twice), even a canceled one', () => {
    spec.given([created(), published]).when(row(true)).thenNothing();
    const canceled: ScheduledEventEvent = { type: 'ScheduledEventCanceled', data: { eventId: EVENT, previousState: 'draft', reason: null, canceledAt: BEFORE, by: ADMIN } };
    spec.given([created(), canceled]).when(row(false)).thenNothing();
    spec.given([created(), canceled]).when(row(false, { venue: 'Sede' })).thenThrows('event-invalid-state');
  });
  it('a refused publish refuses the whole row, and says it was the publish step', () => {
    spec.given([]).when(row(true, {}, STARTS)).thenThrows('event-invalid-state');
    expect(() => scheduledEventDecider.decide(row(true, {}, STARTS), scheduledEventDecider.initial())).toThrow(
      expect.objectContaining({ code: 'event-invalid-state', details: [{ path: 'publish', message: 'event-invalid-state' }] }),
    );
    // an update's refusal is the row's
    const canceled: ScheduledEventEvent = { type: 'ScheduledEventCanceled', data: { eventId: EVENT, previousState: 'draft', reason: null, canceledAt: BEFORE, by: ADMIN } };
    expect(() => scheduledEventDecider.decide(row(false, { venue: 'Sede' }), [created(), canceled].reduce(scheduledEventDecider.evolve, scheduledEventDecider.initial()))).toThrow(
      expect.objectContaining({ code: 'event-invalid-state', details: undefined }),
    );
  });
});

describe('vacancies are a hard limit; the waiting list moves up in order', () => {
  it('enrols while seats are free, then waitlists with the place in line', () => {
    spec.given([created(), published]).when(enrol(1)).then([enrolled(1)]);
    spec.given([created(), published, enrolled(1), enrolled(2)]).when(enrol(3)).then([waitlisted(3, 1)]);
    spec.given([created(), published, enrolled(1), enrolled(2), waitlisted(3, 1)]).when(enrol(4)).then([waitlisted(4, 2)]);
  });

  it('a second enrolment of the same person changes nothing (a retry, a double click)', () => {
    spec.given([created(), published, enrolled(1)]).when(enrol(1)).thenNothing();
    spec.given([created(), published, enrolled(1), enrolled(2), waitlisted(3, 1)]).when(enrol(3)).thenNothing();
  });

  it('a withdrawal frees the seat for the first in line', () => {
    spec
      .given([created(), published, enrolled(1), enrolled(2), waitlisted(3, 1), waitlisted(4, 2)])
      .when({ type: 'Withdraw', data: { userId: 'u-1', now: BEFORE, by: 'u-1' } })
      .then([{ type: 'AttendeeWithdrew', data: { eventId: EVENT, userId: 'u-1', previousStatus: 'enrolled', withdrewAt: BEFORE, by: 'u-1' } }, enrolled(3, 2, true)]);
  });

  it('leaving the waiting list moves nobody up; withdrawing twice changes nothing', () => {
    const given = [created(), published, enrolled(1), enrolled(2), waitlisted(3, 1), waitlisted(4, 2)];
    spec
      .given(given)
      .when({ type: 'Withdraw', data: { userId: 'u-3', now: BEFORE, by: 'u-3' } })
      .then([{ type: 'AttendeeWithdrew', data: { eventId: EVENT, userId: 'u-3', previousStatus: 'waitlisted', withdrewAt: BEFORE, by: 'u-3' } }]);
    const withdrew: ScheduledEventEvent = { type: 'AttendeeWithdrew', data: { eventId: EVENT, userId: 'u-3', previousStatus: 'waitlisted', withdrewAt: BEFORE, by: 'u-3' } };
    spec.given([...given, withdrew]).when({ type: 'Withdraw', data: { userId: 'u-3', now: BEFORE, by: 'u-3' } }).thenNothing();
    // u-4 is now first in line
    spec
      .given([...given, withdrew])
      .when({ type: 'Withdraw', data: { userId: 'u-2', now: BEFORE, by: 'u-2' } })
      .then([{ type: 'AttendeeWithdrew', data: { eventId: EVENT, userId: 'u-2', previousStatus: 'enrolled', withdrewAt: BEFORE, by: 'u-2' } }, enrolled(4, 2, true)]);
  });

  it('raised vacancies move the waiting list up at once; lowered ones keep who is enrolled', () => {
    const given = [created(), published, enrolled(1), enrolled(2), waitlisted(3, 1), waitlisted(4, 2)];
    const raised = definition({ vacancies: 3 });
    spec
      .given(given)
      .when({ type: 'UpdateScheduledEvent', data: { definition: raised, startsAt: STARTS, endsAt: ENDS, now: BEFORE, by: ADMIN } })
      .then([
        { type: 'ScheduledEventUpdated', data: { eventId: EVENT, ...raised, startsAt: STARTS, endsAt: ENDS, changed: ['vacancies'], updatedAt: BEFORE, by: ADMIN } },
        { type: 'AttendeeEnrolled', data: { eventId: EVENT, ...person(3), fromWaitlist: true, seatsTaken: 3, vacancies: 3, enrolledAt: BEFORE, by: 'system:waitlist' } },
      ]);
    const lowered = definition({ vacancies: 1 });
    spec
      .given([created(), published, enrolled(1), enrolled(2)])
      .when({ type: 'UpdateScheduledEvent', data: { definition: lowered, startsAt: STARTS, endsAt: ENDS, now: BEFORE, by: ADMIN } })
      .then([{ type: 'ScheduledEventUpdated', data: { eventId: EVENT, ...lowered, startsAt: STARTS, endsAt: ENDS, changed: ['vacancies'], updatedAt: BEFORE, by: ADMIN } }]);
    // one seat for two enrolled: a withdrawal frees no seat for the line
    spec
      .given([created(), published, enrolled(1), enrolled(2), waitlisted(3, 1), { type: 'ScheduledEventUpdated', data: { eventId: EVENT, ...lowered, startsAt: STARTS, endsAt: ENDS, changed: ['vacancies'], updatedAt: BEFORE, by: ADMIN } }])
      .when({ type: 'Withdraw', data: { userId: 'u-1', now: BEFORE, by: 'u-1' } })
      .then([{ type: 'AttendeeWithdrew', data: { eventId: EVENT, userId: 'u-1', previousStatus: 'enrolled', withdrewAt: BEFORE, by: 'u-1' } }]);
  });

  it('enrolment is open only while published and before the start', () => {
    spec.given([created(), published]).when(enrol(1, STARTS)).thenThrows('event-enrolment-closed');
    spec.given([created(), published, enrolled(1)]).when({ type: 'Withdraw', data: { userId: 'u-1', now: STARTS, by: 'u-1' } }).thenThrows('event-enrolment-closed');
    const canceled: ScheduledEventEvent = { type: 'ScheduledEventCanceled', data: { eventId: EVENT, previousState: 'published', reason: null, canceledAt: BEFORE, by: ADMIN } };
    spec.given([created(), published, canceled]).when(enrol(1)).thenThrows('event-enrolment-closed');
    // a learner never hears of a draft
    spec.given([created()]).when(enrol(1)).thenThrows('404');
  });

  it('learners enrol only in events of their country and, when it names cultures, of a crop they are allowed', () => {
    spec.given([created(), published]).when(enrol(1, BEFORE, { country: 'AR', allowedStations: 'all' })).thenThrows('404');
    spec.given([created({ cultures: ['soja'] }), published]).when(enrol(1, BEFORE, { country: 'BR', allowedStations: { milho: true } })).thenThrows('404');
    spec
      .given([created({ cultures: ['soja'] }), published])
      .when(enrol(1, BEFORE, { country: 'BR', allowedStations: { soja: true } }))
      .then([enrolled(1)]);
  });
});

describe('check-in and check-out windows', () => {
  const running = [created(), published, enrolled(1), enrolled(2)];

  it('check-in opens 60 minutes before the start and closes at the finish', () => {
    spec.given(running).when(scan(1, 'check-in', at(STARTS, -61))).thenThrows('check-in-closed');
    const opening = at(STARTS, -60);
    spec
      .given(running)
      .when(scan(1, 'check-in', opening))
      .then([{ type: 'AttendeeCheckedIn', data: { eventId: EVENT, userId: 'u-1', at: opening, recordedAt: opening, via: { kind: 'staff-code', window: codeWindowAt(opening) }, by: 'u-1' } }]);
    spec.given(running).when(scan(1, 'check-in', ENDS)).then([{ type: 'AttendeeCheckedIn', data: { eventId: EVENT, userId: 'u-1', at: ENDS, recordedAt: ENDS, via: { kind: 'staff-code', window: codeWindowAt(ENDS) }, by: 'u-1' } }]);
    spec.given(running).when(scan(1, 'check-in', at(ENDS, 1))).thenThrows('check-in-closed');
  });

  it('check-out opens at the start, closes 120 minutes after the finish, and gives the minutes present', () => {
    const given = [...running, checkedIn(1, at(STARTS, -30))];
    spec.given(given).when(scan(1, 'check-out', at(STARTS, -1))).thenThrows('check-out-closed');
    spec.given(given).when(scan(1, 'check-out', at(ENDS, 121))).thenThrows('check-out-closed');
    const leaving = at(ENDS, 120);
    spec
      .given(given)
      .when(scan(1, 'check-out', leaving))
      .then([{ type: 'AttendeeCheckedOut', data: { eventId: EVENT, userId: 'u-1', at: leaving, recordedAt: leaving, via: { kind: 'staff-code', window: codeWindowAt(leaving) }, minutesPresent: 330, by: 'u-1' } }]);
  });

  it('a second scan changes nothing', () => {
    spec.given([...running, checkedIn(1)]).when(scan(1, 'check-in', at(STARTS, 10))).thenNothing();
    const out: ScheduledEventEvent = { type: 'AttendeeCheckedOut', data: { eventId: EVENT, userId: 'u-1', at: ENDS, recordedAt: ENDS, via: { kind: 'ticket', deviceId: null }, minutesPresent: 180, by: 's' } };
    spec.given([...running, checkedIn(1), out]).when(scan(1, 'check-out', at(ENDS, 5))).thenNothing();
  });

  it('only enrolled attendees check in, and only checked-in ones check out', () => {
    spec.given([...running, waitlisted(3, 1)]).when(scan(3, 'check-in', STARTS)).thenThrows('attendee-not-enrolled');
    spec.given(running).when(scan(9, 'check-in', STARTS)).thenThrows('attendee-not-enrolled');
    spec.given(running).when(scan(1, 'check-out', STARTS)).thenThrows('attendee-not-checked-in');
  });

  it('no presence on a draft or canceled event', () => {
    spec.given([created(), enrolled(1)]).when(scan(1, 'check-in', STARTS)).thenThrows('event-invalid-state');
  });
});

describe('the rotating staff code', () => {
  const running = [created(), published, enrolled(1)];
  const now = at(STARTS, 5);

  it('is good in its own 30-second window and the next one', () => {
    const window = codeWindowAt(now);
    spec.given(running).when(scan(1, 'check-in', now, { kind: 'staff-code', window })).then([{ type: 'AttendeeCheckedIn', data: { eventId: EVENT, userId: 'u-1', at: now, recordedAt: now, via: { kind: 'staff-code', window }, by: 'u-1' } }]);
    spec.given(running).when(scan(1, 'check-in', now, { kind: 'staff-code', window: window - 1 })).then([{ type: 'AttendeeCheckedIn', data: { eventId: EVENT, userId: 'u-1', at: now, recordedAt: now, via: { kind: 'staff-code', window: window - 1 }, by: 'u-1' } }]);
  });

  it('refuses an old code replayed (a photo sent on), and one from the future', () => {
    spec.given(running).when(scan(1, 'check-in', now, { kind: 'staff-code', window: codeWindowAt(now) - 2 })).thenThrows('event-code-expired');
    spec.given(running).when(scan(1, 'check-in', now, { kind: 'staff-code', window: codeWindowAt(now) + 1 })).thenThrows('event-code-expired');
  });

  it('takes the time of the server, not one the phone claims', () => {
    spec
      .given(running)
      .when(scan(1, 'check-in', now, { kind: 'staff-code', window: codeWindowAt(now) }, at(STARTS, -120)))
      .then([{ type: 'AttendeeCheckedIn', data: { eventId: EVENT, userId: 'u-1', at: now, recordedAt: now, via: { kind: 'staff-code', window: codeWindowAt(now) }, by: 'u-1' } }]);
  });
});

describe('personal tickets scanned offline and sent later', () => {
  const running = [created(), published, enrolled(1)];
  const ticket = { kind: 'ticket' as const, deviceId: 'phone-1' };

  it('keeps the scan time of the offline scan and judges the window at that time', () => {
    const scannedAt = at(STARTS, -10);
    const sentAt = at(ENDS, 30); // after check-in closed: the scan itself was in time
    spec
      .given(running)
      .when(scan(1, 'check-in', sentAt, ticket, scannedAt))
      .then([{ type: 'AttendeeCheckedIn', data: { eventId: EVENT, userId: 'u-1', at: scannedAt, recordedAt: sentAt, via: ticket, by: 'u-1' } }]);
  });

  it('the same batch sent twice changes nothing the second time', () => {
    spec.given([...running, checkedIn(1, at(STARTS, -10))]).when(scan(1, 'check-in', at(ENDS, 40), ticket, at(STARTS, -10))).thenNothing();
  });

  it('never takes a scan time later than the server clock', () => {
    const now = at(STARTS, 1);
    spec
      .given(running)
      .when(scan(1, 'check-in', now, ticket, at(STARTS, 600)))
      .then([{ type: 'AttendeeCheckedIn', data: { eventId: EVENT, userId: 'u-1', at: now, recordedAt: now, via: ticket, by: 'u-1' } }]);
  });
});

describe('quizzes on an event: attached, opened for a window, answered once by those who checked in', () => {
  const quiz: QuizDefinition = {
    title: 'Quiz soja',
    description: '',
    questions: [
      {
        questionId: 'q1',
        type: 'single',
        language: 'pt-BR',
        description: 'Praga principal?',
        score: 0,
        alternatives: [
          { alternativeId: 'a', description: 'Lagarta', prefix: 'A', correct: true, score: 10 },
          { alternativeId: 'b', description: 'Ferrugem', prefix: 'B', correct: false, score: 0 },
        ],
      },
      { questionId: 'q2', type: 'open', language: 'pt-BR', description: 'Comente', score: 5, alternatives: [] },
    ],
  };
  const attached: ScheduledEventEvent = { type: 'QuizAttached', data: { eventId: EVENT, quizId: 'qz', title: 'Quiz soja', attachedAt: BEFORE, by: ADMIN } };
  const opens = at(STARTS, 60);
  const closes = at(STARTS, 120);
  const scheduled: ScheduledEventEvent = { type: 'QuizScheduled', data: { eventId: EVENT, quizId: 'qz', opensAt: opens, closesAt: closes, scheduledAt: BEFORE, by: ADMIN } };
  const answer = (n: number, now: string): ScheduledEventCommand => ({
    type: 'AnswerQuiz',
    data: { quizId: 'qz', quiz, userId: `u-${n}`, lang: 'pt-BR', answers: [{ questionId: 'q1', alternativeIds: ['a'] }, { questionId: 'q2', text: 'Boa aula' }], now, by: `u-${n}` },
  });
  const ready = [created(), published, enrolled(1), enrolled(2), attached, scheduled, checkedIn(1)];

  it('attaches a quiz once', () => {
    spec.given([created()]).when({ type: 'AttachQuiz', data: { quizId: 'qz', title: 'Quiz soja', now: BEFORE, by: ADMIN } }).then([attached]);
    spec.given([created(), attached]).when({ type: 'AttachQuiz', data: { quizId: 'qz', title: 'Quiz soja', now: BEFORE, by: ADMIN } }).thenNothing();
  });

  it('opens a window only for an attached quiz', () => {
    spec.given([created()]).when({ type: 'ScheduleQuiz', data: { quizId: 'qz', opensAt: opens, closesAt: closes, now: BEFORE, by: ADMIN } }).thenThrows('quiz-not-attached');
    spec.given([created(), attached]).when({ type: 'ScheduleQuiz', data: { quizId: 'qz', opensAt: opens, closesAt: closes, now: BEFORE, by: ADMIN } }).then([scheduled]);
  });

  it('is answered inside its window only', () => {
    spec.given([created(), published, enrolled(1), attached, checkedIn(1)]).when(answer(1, opens)).thenThrows('quiz-closed');
    spec.given(ready).when(answer(1, at(opens, -1))).thenThrows('quiz-closed');
    spec.given(ready).when(answer(1, closes)).thenThrows('quiz-closed');
  });

  it('scores the alternatives on the server and leaves the open answer to staff', () => {
    spec
      .given(ready)
      .when(answer(1, opens))
      .then([
        {
          type: 'QuizAnswered',
          data: {
            eventId: EVENT,
            quizId: 'qz',
            userId: 'u-1',
            lang: 'pt-BR',
            answers: [
              { questionId: 'q1', alternativeIds: ['a'], text: null, correct: true, score: 10, maxScore: 10 },
              { questionId: 'q2', alternativeIds: [], text: 'Boa aula', correct: null, score: null, maxScore: 5 },
            ],
            score: 10,
            maxScore: 15,
            pendingOpen: 1,
            answeredAt: opens,
            by: 'u-1',
          },
        },
      ]);
  });

  it('only attendees who checked in answer, and each once', () => {
    spec.given(ready).when(answer(2, opens)).thenThrows('attendee-not-checked-in');
    const answered = scheduledEventDecider.decide(answer(1, opens), ready.reduce(scheduledEventDecider.evolve, scheduledEventDecider.initial()));
    spec.given([...ready, ...answered]).when(answer(1, at(opens, 1))).thenThrows('quiz-already-answered');
  });

  it('staff score an open answer between 0 and its score; again replaces it; nothing else is scorable', () => {
    const answered = scheduledEventDecider.decide(answer(1, opens), ready.reduce(scheduledEventDecider.evolve, scheduledEventDecider.initial()));
    const given = [...ready, ...answered];
    const score = (questionId: string, points: number, userId = 'u-1'): ScheduledEventCommand => ({ type: 'ScoreOpenAnswer', data: { quizId: 'qz', userId, questionId, score: points, now: closes, by: 'u-staff' } });
    spec.given(given).when(score('q2', 4)).then([{ type: 'QuizAnswerScored', data: { eventId: EVENT, quizId: 'qz', userId: 'u-1', questionId: 'q2', score: 4, maxScore: 5, scoredAt: closes, by: 'u-staff' } }]);
    spec.given(given).when(score('q2', 6)).thenThrows('app/bed-request');
    spec.given(given).when(score('q1', 1)).thenThrows('404');
    spec.given(given).when(score('q2', 1, 'u-2')).thenThrows('404');
  });

  it('refuses answers that do not fit the quiz, naming each problem', () => {
    const state = ready.reduce(scheduledEventDecider.evolve, scheduledEventDecider.initial());
    const bad: ScheduledEventCommand = { type: 'AnswerQuiz', data: { quizId: 'qz', quiz, userId: 'u-1', lang: 'pt-BR', answers: [{ questionId: 'q1', alternativeIds: ['zz'] }, { questionId: 'q9', text: 'x' }], now: opens, by: 'u-1' } };
    try {
      scheduledEventDecider.decide(bad, state);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'quiz-invalid-answer' });
      expect((error as { details: { path: string; message: string }[] }).details.map((d) => `${d.path}:${d.message}`)).toEqual([
        'answers.1.questionId:unknown',
        'answers.0.alternativeIds:unknown',
        'answers.q2:required',
      ]);
    }
  });
});

describe('the day-before reminder', () => {
  const remind = (now: string): ScheduledEventCommand => ({ type: 'RemindAttendees', data: { now, by: 'system:reminder' } });

  it('goes out once, within 24 hours of the start of a published event, counting the enrolled', () => {
    const now = at(STARTS, -24 * 60);
    spec.given([created(), published, enrolled(1), waitlisted(2, 1)]).when(remind(now)).then([{ type: 'ScheduledEventReminded', data: { eventId: EVENT, attendees: 1, remindedAt: now, by: 'system:reminder' } }]);
    const sent: ScheduledEventEvent = { type: 'ScheduledEventReminded', data: { eventId: EVENT, attendees: 1, remindedAt: now, by: 'system:reminder' } };
    spec.given([created(), published, enrolled(1), sent]).when(remind(at(STARTS, -60))).thenNothing();
  });

  it('not earlier, not after the start, not for a draft or canceled event', () => {
    spec.given([created(), published]).when(remind(at(STARTS, -24 * 60 - 1))).thenNothing();
    spec.given([created(), published]).when(remind(STARTS)).thenNothing();
    spec.given([created()]).when(remind(at(STARTS, -60))).thenNothing();
  });
});
