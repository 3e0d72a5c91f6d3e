/** Password policy of 000 §5, shared by the API and the SPA's live checker. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`;

export interface PasswordCheck {
  minLength: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  special: boolean;
  valid: boolean;
}

export const checkPassword = (password: string): PasswordCheck => {
  const result = {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIALS.includes(c)),
  };
  return { ...result, valid: Object.values(result).every(Boolean) };
};
