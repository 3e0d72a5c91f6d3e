import { describe, expect, it } from 'vitest';
import { isBetween, isDigitsOnly, isInteger, isUuidNotEmpty } from './checks';

describe('the rules of 001 §5 the forms check besides the kernel ones', () => {
  it('uuidNotEmpty: a UUID that is not the all-zero one', () => {
    expect(isUuidNotEmpty('01900000-0000-7000-8000-00000000c0de')).toBe(true);
    expect(isUuidNotEmpty('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(isUuidNotEmpty('')).toBe(false);
    expect(isUuidNotEmpty(null)).toBe(false);
    expect(isUuidNotEmpty('not-a-uuid')).toBe(false);
  });

  it('numbers only, integer and between', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isDigitsOnly('12a')).toBe(false);
    expect(isInteger('-12')).toBe(true);
    expect(isInteger('1.5')).toBe(false);
    expect(isBetween(5, 1, 5)).toBe(true);
    expect(isBetween(6, 1, 5)).toBe(false);
    expect(isBetween(Number.NaN, 1, 5)).toBe(false);
  });
});
