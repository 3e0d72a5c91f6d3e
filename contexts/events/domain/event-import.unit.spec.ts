import { describe, expect, it } from 'vitest';
import { earlierLines, importDate, importHour, importLocale, parseEventRow, yesNo } from './event-import.js';

const stored = parseEventRow(
  { externalKey: 'FD-1', title: 'Dia de campo', type: 'field-day', date: '2026-12-10', startHour: '09:00', finishHour: '12:00', vacancies: '30' },
  null,
).definition!;

describe('the events import rows', () => {
  it('reads days day-first or ISO, hours with or without the leading zero, yes and no in three languages, languages by code', () => {
    expect([importDate('10/12/2026'), importDate('1-2-2026'), importDate('2026-12-10'), importDate('12/2026')]).toEqual(['2026-12-10', '2026-02-01', '2026-12-10', null]);
    expect([importHour('9:00'), importHour('09:30:00'), importHour('14h15'), importHour('noon')]).toEqual(['09:00', '09:30', '14:15', 'noon']);
    expect(['Sim', 'sí', 'YES', 'x', 'Não', 'no', 'false', 'talvez'].map(yesNo)).toEqual([true, true, true, true, false, false, false, null]);
    expect(['pt', 'PT-BR', 'es', 'EN', 'de'].map(importLocale)).toEqual(['pt-BR', 'pt-BR', 'es', 'en', null]);
  });

  it('a new event needs its key, title, type, day, hours and vacancies; the rest takes the form defaults', () => {
    expect(stored).toMatchObject({ title: 'Dia de campo', vacancies: 30, timezone: 'America/Sao_Paulo', country: 'BR', categories: [], estimatedAudience: null });
    const empty = parseEventRow({ externalKey: 'FD-2' }, null);
    expect(empty.definition).toBeNull();
    expect(empty.errors.map((e) => [e.field, e.code])).toEqual([
      ['title', 'required'],
      ['type', 'required'],
      ['date', 'required'],
      ['startHour', 'required'],
      ['finishHour', 'required'],
      ['vacancies', 'required'],
    ]);
    expect(parseEventRow({ title: 'x' }, stored).errors).toEqual([{ field: 'externalKey', code: 'required' }]);
  });

  it('a row over a stored event changes only what it names; bad cells are named with the form\'s keys', () => {
    const changed = parseEventRow({ externalKey: 'FD-1', vacancies: '40', categories: 'campo; soja|milho' }, stored);
    expect(changed.definition).toEqual({ ...stored, vacancies: 40, categories: ['campo', 'soja', 'milho'] });
    const bad = parseEventRow({ externalKey: 'FD-1', finishHour: '08:00', vacancies: 'muitas', country: 'Brasil', title: 'x'.repeat(161) }, stored);
    expect(bad.errors).toEqual([
      { field: 'vacancies', code: 'integer', value: 'muitas' },
      { field: 'title', code: 'maxLength', limit: 160 },
      { field: 'country', code: 'country' },
      { field: 'finishHour', code: 'after-start' },
    ]);
  });

  it('names the earlier line of a repeated key', () => {
    const rows = [
      { line: 2, key: 'a' },
      { line: 3, key: 'b' },
      { line: 4, key: 'a' },
      { line: 5, key: null },
    ];
    const earlier = earlierLines(rows, (r) => r.key, (r) => r.line);
    expect([...earlier].map(([r, line]) => [r.line, line])).toEqual([[4, 2]]);
  });
});
