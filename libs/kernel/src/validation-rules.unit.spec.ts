import { describe, expect, it } from 'vitest';
import { isLettersOnly, isNotEmpty, isValidBusinessCode, isValidCpf } from './validation-rules.js';

describe('cpf', () => {
  it('accepts numbers whose check digits are right, punctuated or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length, letters and eleven equal digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.444.777-53')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('52998224a25')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });
});

describe('lettersOnly and notEmpty', () => {
  it('takes names and places in any of the three languages', () => {
    for (const name of ['Ana', 'João da Silva', "D'Ávila", 'Núñez-Peña', 'São José dos Pinhais', 'Jr.']) expect(isLettersOnly(name)).toBe(true);
  });
  it('refuses digits and symbols', () => {
    for (const name of ['Ana1', 'R2-D2', 'ana@x', '--', '', ' ']) expect(isLettersOnly(name)).toBe(false);
  });
  it('notEmpty refuses white space only', () => {
    expect(isNotEmpty('  ')).toBe(false);
    expect(isNotEmpty(null)).toBe(false);
    expect(isNotEmpty(' a ')).toBe(true);
  });
});

describe('business code (001 §3 Company)', () => {
  it('takes a CNPJ or another tax number as written, and a CPF only when its check digits are right', () => {
    expect(isValidBusinessCode('12.345.678/0001-90')).toBe(true);
    expect(isValidBusinessCode('RUT 76.086.428-5')).toBe(true);
    expect(isValidBusinessCode('529.982.247-25')).toBe(true);
    expect(isValidBusinessCode('52998224725')).toBe(true);
    expect(isValidBusinessCode('529.982.247-24')).toBe(false);
    expect(isValidBusinessCode('11111111111')).toBe(false);
  });
});
