import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, VALIDATION_MESSAGES } from '@portal/kernel';
import { ruleFromServer } from './server-rules';

const validation = (locale: string): Record<string, string> =>
  (JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', locale, 'common.json'), 'utf8')) as { validation: Record<string, string> }).validation;

describe('server field errors read as the form rules of 001 §5', () => {
  it('every rule the contracts name has its message in pt-BR, es and en', () => {
    for (const message of VALIDATION_MESSAGES) {
      const rule = ruleFromServer(message, { length: 3, min: 1, max: 9 });
      expect(rule, message).toBeDefined();
      for (const locale of LOCALES) expect(validation(locale)[rule!.rule], `${locale} validation.${rule!.rule}`).toBeTruthy();
    }
  });

  it('a rule naming a number takes it from the form, and needs it', () => {
    expect(ruleFromServer('maxLength', { length: 120 })).toEqual({ rule: 'maxLength', length: 120 });
    expect(ruleFromServer('atLeast')).toBeUndefined();
    expect(ruleFromServer('between', { min: 1, max: 5 })).toEqual({ rule: 'between', min: 1, max: 5 });
  });

  it('a message that names no rule is not a rule', () => {
    expect(ruleFromServer('Invalid input: expected string')).toBeUndefined();
    expect(ruleFromServer('aclTag')).toBeUndefined();
  });
});
