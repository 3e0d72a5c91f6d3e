import { describe, expect, it } from 'vitest';
import { breakPlace, chainsOf, firstBreak, progressOf, scormWord, shortId } from './audit-model';

const chain = (streamId: string, verified: boolean, brokenAt: string | null = null) => ({
  streamId,
  verified,
  checked: 3,
  brokenAt,
  reason: verified ? null : 'hash mismatch',
  seal: verified ? ('sealed' as const) : ('broken' as const),
  checkpoint: '1',
  sealedRevision: '2',
  sealedAt: '2026-12-01T00:00:00.000Z',
  unsealed: 0,
});

describe("the auditor's screen rules", () => {
  it('keeps one verdict per stream across pages, a broken one winning', () => {
    const chains = chainsOf([{ streams: [chain('a', true), chain('b', true)] }, { streams: [chain('b', false, '2'), chain('c', true)] }, { streams: [chain('b', true)] }]);
    expect([...chains.values()].map((c) => [c.streamId, c.verified, c.brokenAt])).toEqual([
      ['a', true, null],
      ['b', false, '2'],
      ['c', true, null],
    ]);
  });

  it('points at a stream break before a checkpoint break, and says where each is', () => {
    const checkpoint = { kind: 'checkpoint' as const, streamId: null, revision: null, checkpoint: '4', position: '1200', reason: 'missing' };
    const stream = { kind: 'stream' as const, streamId: 'identity.user-1', revision: '0', checkpoint: null, position: null, reason: 'changed' };
    expect(firstBreak([checkpoint, stream])).toBe(stream);
    expect(firstBreak([checkpoint])).toBe(checkpoint);
    expect(firstBreak([])).toBeNull();
    expect(breakPlace(stream)).toEqual({ kind: 'stream', streamId: 'identity.user-1', revision: '0' });
    expect(breakPlace(checkpoint)).toEqual({ kind: 'checkpoint', checkpoint: '4', position: '1200', streamId: null, revision: null });
  });

  it('shows a running verification in whole percents and a finished one full', () => {
    expect(progressOf({ status: 'running', checked: 0, total: 0 })).toBe(0);
    expect(progressOf({ status: 'running', checked: 333, total: 1000 })).toBe(33);
    expect(progressOf({ status: 'running', checked: 1200, total: 1000 })).toBe(100);
    expect(progressOf({ status: 'failed', checked: 10, total: 1000 })).toBe(100);
  });

  it('shortens long ids only', () => {
    expect(shortId('01900000-0000-7000-8000-0000000000a1')).toBe('01900000-000…');
    expect(shortId('short')).toBe('short');
  });
});

describe('scormWord (issue 27)', () => {
  const t = (key: string) => `<${key}>`;
  it("words the standard's results and statuses, 1.2's wrong and 2004's incorrect alike, and leaves numbers and other words as written", () => {
    expect(scormWord(t, 'results', 'wrong')).toBe('<scorm.results.wrong>');
    expect(scormWord(t, 'results', 'incorrect')).toBe('<scorm.results.incorrect>');
    expect(scormWord(t, 'statuses', 'not attempted')).toBe('<scorm.statuses.not attempted>');
    expect(scormWord(t, 'results', '0.75')).toBe('0.75');
    expect(scormWord(t, 'results', null)).toBe('—');
  });
});
