import { describe, expect, it } from 'vitest';
import { isBetween, isCpf, isDigitsOnly, isInteger, isLettersOnly, isNotEmpty, isUuidNotEmpty } from './checks';

describe('the custom rules of 001 §5', () => {
  it('cpf: check digits right, formatting allowed, repeated digits refused', () => {
    expect(isCpf('529.982.247-25')).toBe(true);
    expect(isCpf('52998224725')).toBe(true);
    expect(isCpf('529.982.247-24')).toBe(false);
    expect(isCpf('111.111.111-11')).toBe(false);
    expect(isCpf('5299822472')).toBe(false);
    expect(isCpf('abc')).toBe(false);
  });

  it('uuidNotEmpty: a UUID that is not the all-zero one', () => {
    expect(isUuidNotEmpty('01900000-0000-7000-8000-00000000c0de')).toBe(true);
    expect(isUuidNotEmpty('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(isUuidNotEmpty('')).toBe(false);
    expect(isUuidNotEmpty(null)).toBe(false);
    expect(isUuidNotEmpty('not-a-uuid')).toBe(false);
  });

  it('notEmpty: blanks and empty lists are empty', () => {
    expect(isNotEmpty('  x ')).toBe(true);
    expect(isNotEmpty('   ')).toBe(false);
    expect(isNotEmpty([])).toBe(false);
    expect(isNotEmpty(['learner'])).toBe(true);
    expect(isNotEmpty(null)).toBe(false);
  });

  it('letters only accepts accented names, refuses digits and symbols', () => {
    expect(isLettersOnly('São José dos Campos')).toBe(true);
    expect(isLettersOnly("D'Ávila-Peña")).toBe(true);
    expect(isLettersOnly('Rua 7')).toBe(false);
    expect(isLettersOnly('a@b')).toBe(false);
    expect(isLettersOnly('')).toBe(false);
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
