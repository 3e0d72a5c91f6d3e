import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvents, mergeEvents } from './event-schemas.js';
import type { EventMetadata } from './port.js';

const metadata = (schemaVersion: number): EventMetadata => ({ eventId: 'e', correlationId: 'c', causationId: null, actor: 'system', origin: 'system', schemaVersion, clientTime: null });

// Renamed v1 { name } -> v2 { title } -> v3 { title, language }
const items = defineEvents(
  {
    Renamed: z.object({ title: z.string(), language: z.string() }),
    Retired: z.object({ at: z.string() }),
  },
  {
    Renamed: {
      1: (data) => ({ title: data.name }),
      2: (data) => ({ ...data, language: 'pt-BR' }),
    },
  },
);
const others = defineEvents({ Noted: z.object({ n: z.number() }) }, { Noted: { 1: (data) => ({ n: Number(data.text) }) } });

describe('an event contract (ADR 0086)', () => {
  it('upcasts a stored event from the version it was written in, then checks it', () => {
    expect(items.parse({ type: 'Renamed', data: { name: 'Soja' }, metadata: metadata(1) }).data).toEqual({ title: 'Soja', language: 'pt-BR' });
    expect(items.parse({ type: 'Renamed', data: { title: 'Soja' }, metadata: metadata(2) }).data).toEqual({ title: 'Soja', language: 'pt-BR' });
    expect(items.parse({ type: 'Renamed', data: { title: 'Milho', language: 'es' }, metadata: metadata(3) }).data).toEqual({ title: 'Milho', language: 'es' });
    expect(() => items.parse({ type: 'Renamed', data: { title: 'Milho' }, metadata: metadata(3) })).toThrow();
  });

  it('takes a new event (no metadata) in the current shape', () => {
    expect(items.parse({ type: 'Renamed', data: { title: 'Milho', language: 'es' } }).data).toEqual({ title: 'Milho', language: 'es' });
  });

  it('names the version a new event is written in', () => {
    expect(items.versionOf('Renamed')).toBe(3);
    expect(items.versionOf('Retired')).toBe(1);
  });

  it('keeps the upcasters in a stream’s pick and in a context’s merge', () => {
    const renamedOnly = items.pick('Renamed');
    expect(renamedOnly.types).toEqual(['Renamed']);
    expect(renamedOnly.parse({ type: 'Renamed', data: { name: 'Soja' }, metadata: metadata(1) }).data).toEqual({ title: 'Soja', language: 'pt-BR' });
    expect(() => renamedOnly.parse({ type: 'Retired', data: { at: 'x' }, metadata: metadata(1) })).toThrow(/not an event of this contract/);

    const all = mergeEvents(items, others);
    expect(all.types).toEqual(['Renamed', 'Retired', 'Noted']);
    expect(all.versionOf('Renamed')).toBe(3);
    expect(all.parseRecorded({ ...recorded('Noted', { text: '7' }), metadata: metadata(1) }).data).toEqual({ n: 7 });
  });

  it('refuses an upcaster for a type it does not name', () => {
    expect(() => defineEvents({ Noted: z.object({}) }, { Missing: { 1: (d) => d } })).toThrow(/Missing/);
  });
});

function recorded(type: string, data: Record<string, unknown>) {
  return {
    streamId: 's',
    revision: 0n,
    type,
    data,
    metadata: metadata(1),
    recordedAt: new Date(0),
    checkpoint: { transactionId: 1n, position: 1n },
    hash: 'h',
  };
}
