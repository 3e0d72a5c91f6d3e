import { describe, expect, it } from 'vitest';
import { isUuid, newUuid } from './guest-id';

describe('newUuid', () => {
  it('uses crypto.randomUUID when available', () => {
    expect(newUuid({ getRandomValues: (a) => a, randomUUID: () => '11111111-2222-4333-8444-555555555555' })).toBe(
      '11111111-2222-4333-8444-555555555555',
    );
  });

  it('builds a v4 uuid from random bytes outside secure contexts', () => {
    const id = newUuid({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => { new Uint8Array(array!.buffer).fill(0xff); return array; } });
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(isUuid(id)).toBe(true);
  });

  it('recognises uuids', () => {
    expect(isUuid(newUuid())).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid(null)).toBe(false);
  });
});
