import { VALIDATION_MESSAGES, type ValidationMessage } from '@portal/kernel';
import type { FieldRule } from './field-rules';

/** The numbers a rule's message names, which a server field error does not carry: the form's own limits. */
export interface RuleLimits {
  length?: number;
  min?: number;
  max?: number;
}

const isValidationMessage = (value: string): value is ValidationMessage => (VALIDATION_MESSAGES as readonly string[]).includes(value);

/**
 * A server field error's message as the form's FieldRule: the contracts name the failed rule of
 * 001 §5 by its key (kernel VALIDATION_MESSAGES), so the SPA shows the same translated text as
 * its own check would. Rules that name a number take it from `limits`; without it, or for a
 * message that names no rule, undefined (the caller shows the generic invalid-request text).
 */
export function ruleFromServer(message: string, limits: RuleLimits = {}): FieldRule | undefined {
  if (!isValidationMessage(message)) return undefined;
  switch (message) {
    case 'atLeast':
    case 'maxLength':
      return limits.length === undefined ? undefined : { rule: message, length: limits.length };
    case 'between':
      return limits.min === undefined || limits.max === undefined ? undefined : { rule: 'between', min: limits.min, max: limits.max };
    default:
      return { rule: message };
  }
}
