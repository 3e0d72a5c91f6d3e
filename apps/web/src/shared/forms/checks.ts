import { isNonEmptyId, isUuid } from '@portal/kernel';

/**
 * The rules of 001 §5 the kernel does not already hold (its validation-rules.ts has cpf,
 * lettersOnly and notEmpty, shared with the API contracts), as pure checks for the forms.
 */

/** numbers only: digits and nothing else. */
export const isDigitsOnly = (value: string): boolean => /^\d+$/.test(value.trim());

/** integer: an optional sign and digits. */
export const isInteger = (value: string): boolean => /^[-+]?\d+$/.test(value.trim());

/** between: a number within [min, max], both included. */
export const isBetween = (value: number, min: number, max: number): boolean => Number.isFinite(value) && value >= min && value <= max;

/** uuidNotEmpty: a UUID, and not the all-zero one. */
export const isUuidNotEmpty = (value: string | null | undefined): boolean => isNonEmptyId(value) && isUuid(value);
