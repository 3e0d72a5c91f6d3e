/**
 * The custom rules of 001 §5 as pure checks, for any form: letters only, integer, between,
 * notEmpty, uuidNotEmpty and the Brazilian CPF. Forms turn a failed check into its FieldRule.
 */

/** Letters of any script, with the spaces, apostrophes, dots and hyphens names carry. */
const LETTERS = /^[\p{L}\p{M}][\p{L}\p{M}\s'’.-]*$/u;
const INTEGER = /^[-+]?\d+$/;
const DIGITS = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export const isLettersOnly = (value: string): boolean => LETTERS.test(value.trim());

export const isDigitsOnly = (value: string): boolean => DIGITS.test(value.trim());

export const isInteger = (value: string): boolean => INTEGER.test(value.trim());

/** A number within [min, max], both included. */
export const isBetween = (value: number, min: number, max: number): boolean => Number.isFinite(value) && value >= min && value <= max;

/** notEmpty: something besides blanks (a string) or at least one element (a list). */
export const isNotEmpty = (value: string | readonly unknown[] | null | undefined): boolean =>
  value != null && (typeof value === 'string' ? value.trim().length > 0 : value.length > 0);

/** uuidNotEmpty: a UUID, and not the all-zero one. */
export const isUuidNotEmpty = (value: string | null | undefined): boolean => value != null && UUID.test(value) && value !== NIL_UUID;

/** The Brazilian taxpayer number: 11 digits (dots and a hyphen allowed), not one digit repeated, both check digits right. */
export const isCpf = (value: string): boolean => {
  const digits = value.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
};
