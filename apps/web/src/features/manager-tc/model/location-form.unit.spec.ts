import { describe, expect, it } from 'vitest';
import { fieldOfIssue, newLocationValues, toLocationInput } from './location-form';

describe('location form', () => {
  it('builds the contract body from the form values', () => {
    const result = toLocationInput({ ...newLocationValues(), name: 'Campinas', address1: 'Rodovia, km 1', city: 'Campinas' });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.body).toMatchObject({ name: 'Campinas', addressLines: ['Rodovia, km 1'], schedule: { slotMinutes: 60, horizonDays: 60 } });
  });
  it('names the form fields the contract refuses', () => {
    const result = toLocationInput({ ...newLocationValues(), timezone: 'Mars/Olympus', color: 'green', hours: [] });
    expect(result).toEqual({ ok: false, fields: expect.arrayContaining(['name', 'address1', 'city', 'timezone', 'color', 'hours']) });
    expect(fieldOfIssue('schedule.hours.0.opens')).toBe('hours');
    expect(fieldOfIssue('nonsense')).toBeNull();
  });
});
