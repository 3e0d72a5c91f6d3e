import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REDACTED, SECRET_FIELDS, toAuditedEvent } from './event-schemas.js';
import type { RecordedEvent } from './port.js';

/**
 * The secret fields are named once in code (SECRET_FIELDS, which toAuditedEvent redacts) and
 * marked once in docs/event-catalogue.md (ADR 0083): the two lists stay equal, and every `...Hash`
 * field the catalogue names is either secret or listed as a public digest.
 */
const catalogue = readFileSync(new URL('../../../docs/event-catalogue.md', import.meta.url), 'utf8');
const listed = (marker: string): string[] => {
  const match = new RegExp(`<!-- ${marker} -->([\\s\\S]*?)<!-- /${marker} -->`).exec(catalogue);
  if (!match) throw new Error(`docs/event-catalogue.md has no ${marker} list`);
  return [...match[1]!.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]!);
};

describe('the secret fields', () => {
  it('are the same in the event catalogue and in the code', () => {
    expect([...listed('secret-fields')].sort()).toEqual([...SECRET_FIELDS].sort());
  });

  it('cover every hash field the catalogue names, but the public digests', () => {
    const known = new Set([...listed('secret-fields'), ...listed('public-hash-fields')]);
    const hashFields = new Set([...catalogue.matchAll(/\b([a-z][A-Za-z]*Hash(?:es)?)\b/g)].map((m) => m[1]!));
    expect([...hashFields].filter((f) => !known.has(f))).toEqual([]);
  });

  it('never leave toAuditedEvent, at the top of the data or nested, while null stays null', () => {
    const data = Object.fromEntries(SECRET_FIELDS.map((f) => [f, 'f'.repeat(64)]));
    const event: RecordedEvent = {
      streamId: 's-1',
      revision: 0n,
      checkpoint: { transactionId: 1n, position: 1n },
      type: 'Anything',
      data: { ...data, source: { ...data, linkHash: null }, items: [data], contentHash: 'c'.repeat(64) },
      metadata: { eventId: 'e', correlationId: 'c', causationId: null, actor: 'system', origin: 'cli', schemaVersion: 1, clientTime: null },
      recordedAt: new Date('2026-12-01T00:00:00Z'),
      hash: 'h'.repeat(64),
    };
    const audited = toAuditedEvent(event);
    const text = JSON.stringify(audited);
    expect(text).not.toContain('f'.repeat(64));
    expect(audited.data).toMatchObject({ passwordHash: REDACTED, source: { codeHash: REDACTED, linkHash: null }, items: [{ refreshHash: REDACTED }], contentHash: 'c'.repeat(64) });
  });
});
