import { describe, expect, it } from 'vitest';
import type { ScheduledEventDefinition, ScheduledEventEvent } from '../../contracts/index.js';
import { scheduledEventDecider } from '../../domain/index.js';
import { EVENT_MAIL_MESSAGES, eventIcs } from './event-mail.js';
import { noticesOf } from './event-notices.js';

const definition: ScheduledEventDefinition = {
  title: 'Dia de campo: soja, manejo integrado de pragas e doenças com o time de agronomia',
  type: 'field-day',
  description: 'Pragas; doenças, e o que fazer',
  date: '2026-12-10',
  startHour: '09:00',
  finishHour: '12:00',
  timezone: 'America/Sao_Paulo',
  country: 'BR',
  venue: 'Campo experimental, Londrina - PR',
  author: '',
  department: '',
  cluster: '',
  categories: [],
  cultures: [],
  competenceArea: '',
  region: '',
  brand: '',
  bu: '',
  targetAudience: '',
  estimatedAudience: null,
  instructor: 'Dr. Lima',
  vacancies: 1,
};
const event = { eventId: '01900000-0000-7000-8000-0000000000e1', definition, startsAt: '2026-12-10T12:00:00.000Z', endsAt: '2026-12-10T15:00:00.000Z' };

/** RFC 5545 content lines unfolded into name -> values. */
const parseIcs = (ics: string) => {
  // folded at 75 characters (RFC 5545 asks octets; the ics package counts characters)
  expect(ics.split('\r\n').every((line) => line.length <= 75)).toBe(true);
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
  const fields = new Map<string, string[]>();
  for (const line of lines) {
    const [name, ...value] = line.split(':');
    const key = name!.split(';')[0]!;
    fields.set(key, [...(fields.get(key) ?? []), value.join(':')]);
  }
  return { lines, fields };
};

describe('the event .ics invitation', () => {
  it('is a valid calendar: one VEVENT with uid, UTC times, method and status, folded lines', () => {
    const { lines, fields } = parseIcs(eventIcs(event, 'CONFIRMED', 3, 'https://portal.example'));
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(fields.get('VERSION')).toEqual(['2.0']);
    expect(fields.get('METHOD')).toEqual(['REQUEST']);
    expect(fields.get('BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
    expect(fields.get('UID')).toEqual([`${event.eventId}@agro-portal-events`]);
    expect(fields.get('DTSTART')).toEqual(['20261210T120000Z']);
    expect(fields.get('DTEND')).toEqual(['20261210T150000Z']);
    expect(fields.get('STATUS')).toEqual(['CONFIRMED']);
    expect(fields.get('SUMMARY')![0]).toContain('Dia de campo');
    expect(fields.get('URL')).toEqual([`https://portal.example/scheduled-events/published/${event.eventId}`]);
  });

  it('cancels with the same uid and a higher sequence', () => {
    const request = parseIcs(eventIcs(event, 'CONFIRMED', 3, 'https://p')).fields;
    const cancel = parseIcs(eventIcs(event, 'CANCELLED', 7, 'https://p')).fields;
    expect(cancel.get('METHOD')).toEqual(['CANCEL']);
    expect(cancel.get('STATUS')).toEqual(['CANCELLED']);
    expect(cancel.get('UID')).toEqual(request.get('UID'));
    expect(Number(cancel.get('SEQUENCE')![0])).toBeGreaterThan(Number(request.get('SEQUENCE')![0]));
  });
});

describe('who hears what from a decision', () => {
  const NOW = '2026-11-21T12:00:00.000Z';
  const created: ScheduledEventEvent = { type: 'ScheduledEventCreated', data: { eventId: event.eventId, ...definition, startsAt: event.startsAt, endsAt: event.endsAt, createdAt: NOW, by: 'a' } };
  const published: ScheduledEventEvent = { type: 'ScheduledEventPublished', data: { eventId: event.eventId, publishedAt: NOW, by: 'a' } };
  const person = (n: number, lang: 'pt-BR' | 'es' | 'en' = 'pt-BR') => ({ userId: `u${n}`, email: `u${n}@example.com`, lang });
  const run = (given: ScheduledEventEvent[], command: Parameters<typeof scheduledEventDecider.decide>[0]) => {
    const state = given.reduce(scheduledEventDecider.evolve, scheduledEventDecider.initial());
    const events = scheduledEventDecider.decide(command, state);
    return noticesOf(events, events.reduce(scheduledEventDecider.evolve, state)).map((n) => [n.kind, n.to.userId, n.position ?? null]);
  };
  const enrolled: ScheduledEventEvent = { type: 'AttendeeEnrolled', data: { eventId: event.eventId, ...person(1), fromWaitlist: false, seatsTaken: 1, vacancies: 1, enrolledAt: NOW, by: 'u1' } };
  const waitlisted: ScheduledEventEvent = { type: 'AttendeeWaitlisted', data: { eventId: event.eventId, ...person(2, 'es'), position: 1, waitlistedAt: NOW, by: 'u2' } };

  it('the enrolled, the waitlisted with their place, and the promoted', () => {
    expect(run([created, published], { type: 'Enrol', data: { attendee: person(1), audience: null, now: NOW, by: 'u1' } })).toEqual([['enrolled', 'u1', null]]);
    expect(run([created, published, enrolled], { type: 'Enrol', data: { attendee: person(2), audience: null, now: NOW, by: 'u2' } })).toEqual([['waitlisted', 'u2', 1]]);
    expect(run([created, published, enrolled, waitlisted], { type: 'Withdraw', data: { userId: 'u1', now: NOW, by: 'u1' } })).toEqual([
      ['withdrawn', 'u1', null],
      ['promoted', 'u2', null],
    ]);
  });

  it('everyone on the list of a published event hears of a change and of a cancellation; nobody of a draft', () => {
    const update = { type: 'UpdateScheduledEvent' as const, data: { definition: { ...definition, venue: 'Sede' }, startsAt: event.startsAt, endsAt: event.endsAt, now: NOW, by: 'a' } };
    expect(run([created, published, enrolled, waitlisted], update)).toEqual([
      ['changed', 'u1', null],
      ['changed', 'u2', null],
    ]);
    expect(run([created, published, enrolled, waitlisted], { type: 'CancelScheduledEvent', data: { reason: 'chuva', now: NOW, by: 'a' } })).toEqual([
      ['canceled', 'u1', null],
      ['canceled', 'u2', null],
    ]);
    expect(run([created], update)).toEqual([]);
  });

  it('has every message in the three languages', () => {
    const kinds = Object.keys(EVENT_MAIL_MESSAGES['pt-BR'].subject).sort();
    for (const lang of ['es', 'en'] as const) {
      expect(Object.keys(EVENT_MAIL_MESSAGES[lang].subject).sort()).toEqual(kinds);
      expect(Object.keys(EVENT_MAIL_MESSAGES[lang].intro).sort()).toEqual(kinds);
    }
  });
});
