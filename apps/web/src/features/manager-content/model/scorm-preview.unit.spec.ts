import { describe, expect, it } from 'vitest';
import { readableParameters } from './scorm-preview';

describe('the upload preview: a launch query as a person reads it (issue 27)', () => {
  it('decodes UTF-8 escapes and keeps the rest as written', () => {
    expect(readableParameters('?nome=Jos%C3%A9&p=100%25%20feito')).toBe('?nome=José&p=100% feito');
    expect(readableParameters('?content=playing#start')).toBe('?content=playing#start');
    expect(readableParameters('')).toBe('');
  });

  it('keeps escapes that are not UTF-8 (an 8-bit é) and a lone %', () => {
    expect(readableParameters('?nome=Jos%E9&x=5%')).toBe('?nome=Jos%E9&x=5%');
  });
});
