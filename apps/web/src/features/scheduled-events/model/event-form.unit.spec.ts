import { describe, expect, it } from 'vitest';
import { emptyEventForm, fieldOfPath, toEventBody, validateEventForm, type EventFormValues } from './event-form';

const filled = (changes: Partial<EventFormValues> = {}): EventFormValues => ({
  ...emptyEventForm(),
  title: 'Dia de campo soja',
  type: 'field-day',
  date: '2026-12-10',
  startHour: '08:00',
  finishHour: '12:00',
  vacancies: 30,
  ...changes,
});

describe('the event form (001 §3, §5 with the contract bounds)', () => {
  it('asks for the title, type, day, hours and vacancies of a new event', () => {
    expect(validateEventForm(emptyEventForm())).toEqual({
      title: { rule: 'required' },
      type: { rule: 'required' },
      date: { rule: 'required' },
      startHour: { rule: 'required' },
      finishHour: { rule: 'required' },
      vacancies: { rule: 'required' },
    });
    expect(validateEventForm(filled())).toEqual({});
  });

  it('refuses a finish not after the start, spaces for a title, too long texts and vacancies out of bounds', () => {
    expect(validateEventForm(filled({ finishHour: '08:00' })).finishHour).toEqual({ rule: 'afterStart' });
    expect(validateEventForm(filled({ title: '   ' })).title).toEqual({ rule: 'notEmpty' });
    expect(validateEventForm(filled({ venue: 'x'.repeat(301) })).venue).toEqual({ rule: 'maxLength', length: 300 });
    expect(validateEventForm(filled({ vacancies: 0 })).vacancies).toEqual({ rule: 'between', min: 1, max: 10_000 });
    expect(validateEventForm(filled({ vacancies: 2.5 })).vacancies).toEqual({ rule: 'integer' });
    expect(validateEventForm(filled({ estimatedAudience: -1 })).estimatedAudience).toEqual({ rule: 'between', min: 0, max: 100_000 });
    expect(validateEventForm(filled({ categories: ['x'.repeat(61)] })).categories).toEqual({ rule: 'maxLength', length: 60 });
  });

  it('builds the contract body: lists tidied, an empty audience as null, defaults for the place', () => {
    const result = toEventBody(filled({ categories: [' soja ', 'soja', ''], cultures: ['soy'], estimatedAudience: '' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({ title: 'Dia de campo soja', categories: ['soja'], cultures: ['soy'], estimatedAudience: null, timezone: 'America/Sao_Paulo', country: 'BR', vacancies: 30 });
  });

  it('names the fields the contract refuses, and maps server detail paths to fields', () => {
    expect(toEventBody(filled({ finishHour: '07:00' }))).toEqual({ ok: false, fields: ['finishHour'] });
    expect(toEventBody(filled({ timezone: 'Mars/Olympus' }))).toEqual({ ok: false, fields: ['timezone'] });
    expect(fieldOfPath('categories.2')).toBe('categories');
    expect(fieldOfPath('nothing')).toBeNull();
  });
});
