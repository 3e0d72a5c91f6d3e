/**
 * Validation rules of 001 §5 shared by the API contracts and the SPA's forms. A failed rule is
 * reported with its message key (`VALIDATION_MESSAGES`), which the SPA translates as
 * `validation.{key}` (001 §5 lists the messages; the keys name them).
 */
export const VALIDATION_MESSAGES = [
  'required',
  'notEmpty',
  'uuidNotEmpty',
  'email',
  'atLeast',
  'maxLength',
  'between',
  'numeric',
  'integer',
  'lettersOnly',
  'confirmation',
  'phoneNumberInvalid',
  'cpf',
  'termAccepted',
] as const;
export type ValidationMessage = (typeof VALIDATION_MESSAGES)[number];

/** notEmpty: something other than white space. */
export const isNotEmpty = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim().length > 0;

/**
 * lettersOnly: letters of any script (accents included) and the marks a name or a place needs
 * between them: spaces, apostrophes, hyphens and dots ("D'Ávila", "São José dos Pinhais", "Jr.").
 */
export const isLettersOnly = (value: string): boolean => /^[\p{L}\p{M}]+(?:[ '’.-]+[\p{L}\p{M}]+)*\.?$/u.test(value.trim());

/** Written like a CPF: 11 digits, with or without the 000.000.000-00 punctuation. */
export const isCpfShaped = (value: string): boolean => /^(\d{3}\.?\d{3}\.?\d{3}-?\d{2})$/.test(value.trim());

/**
 * A company's business code (001 §3 Company): free text (a CNPJ, another country's tax number),
 * but one written like a CPF (a rural producer registered as a person) must be a valid CPF (001 §5 cpf).
 */
export const isValidBusinessCode = (value: string): boolean => !isCpfShaped(value) || isValidCpf(value);

/**
 * cpf: a Brazilian taxpayer number (11 digits, with or without the 000.000.000-00 punctuation)
 * whose two check digits are right; eleven equal digits are refused although they pass the sum.
 */
export function isValidCpf(value: string): boolean {
  if (!isCpfShaped(value)) return false;
  const digits = value.replace(/\D/g, '');
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}
