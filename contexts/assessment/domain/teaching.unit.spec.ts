import { describe, expect, it } from 'vitest';
import { teachingEntries, type TeachingCatalogue } from './teaching.js';

const catalogue = (extra: Partial<Record<'teaches' | 'entriesAsking' | 'stationsAsking' | 'requiredEntries', Record<string, string[]>>> = {}): TeachingCatalogue => {
  const entries = new Set(['v1', 'v2', 'v3', 's1', 's2']);
  const look = (table: Record<string, string[]> | undefined) => (id: string) => table?.[id] ?? [];
  return {
    teaches: look(extra.teaches),
    entriesAsking: look(extra.entriesAsking),
    stationsAsking: look(extra.stationsAsking),
    requiredEntries: look(extra.requiredEntries ?? { st: ['s1', 's2'], other: ['v3'] }),
    hasEntry: (id) => entries.has(id),
  };
};

describe('what a wrong answer recommends (ADR 0043)', () => {
  it("takes the question's teachesEntryIds first, leaving out entries the catalogue lacks", () => {
    expect(teachingEntries(catalogue({ teaches: { q: ['gone', 'v2'] }, entriesAsking: { q: ['v1'] } }), 'q', 'st')).toEqual(['v2']);
  });
  it('then the entries that ask the question', () => {
    expect(teachingEntries(catalogue({ teaches: { q: ['gone'] }, entriesAsking: { q: ['v1', 'gone'] } }), 'q', 'st')).toEqual(['v1']);
  });
  it("then the required content of the answer's station, else of the first station asking it", () => {
    expect(teachingEntries(catalogue({ stationsAsking: { q: ['other'] } }), 'q', 'st')).toEqual(['s1', 's2']);
    expect(teachingEntries(catalogue({ stationsAsking: { q: ['other', 'st'] } }), 'q', null)).toEqual(['v3']);
  });
  it('recommends nothing for a question taught and asked nowhere', () => {
    expect(teachingEntries(catalogue(), 'q', null)).toEqual([]);
  });
});
