import { describe, expect, it } from 'vitest';
import { isUuidNotEmpty } from './checks';

describe('uuidNotEmpty (001 §5)', () => {
  it('a UUID that is not the all-zero one', () => {
    expect(isUuidNotEmpty('01900000-0000-7000-8000-00000000c0de')).toBe(true);
    expect(isUuidNotEmpty('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(isUuidNotEmpty('')).toBe(false);
    expect(isUuidNotEmpty(null)).toBe(false);
    expect(isUuidNotEmpty('not-a-uuid')).toBe(false);
  });
});
