import type { UserData } from '@portal/identity/contracts/http';

/** 000 §4.5: the verification link goes out on its own only when unverified and never sent. */
export const shouldAutoSendVerification = (user: Pick<UserData, 'emailVerified' | 'emailVerificationSentAt'>): boolean =>
  !user.emailVerified && user.emailVerificationSentAt === null;

/** E.164 as the phone link needs it: "+" and 8 to 15 digits, the first not 0. */
export const E164_PATTERN = /^\+[1-9][0-9]{7,14}$/;

/** What a person types ("+55 (11) 98765-4321") to E.164 ("+5511987654321"): separators dropped. */
export const normalizePhone = (input: string): string => {
  const trimmed = input.trim();
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (trimmed.startsWith('00')) return `+${digits.slice(2)}`;
  return trimmed.startsWith('+') ? `+${digits}` : digits;
};

export type PhoneIssue = { rule: 'required' } | { rule: 'phoneNumberInvalid' };

export const validatePhone = (input: string): PhoneIssue | undefined => {
  if (input.trim() === '') return { rule: 'required' };
  return E164_PATTERN.test(normalizePhone(input)) ? undefined : { rule: 'phoneNumberInvalid' };
};

export type CodeIssue = { rule: 'required' } | { rule: 'numeric' } | { rule: 'digits'; length: number };

/** The one-time code: exactly six digits. */
export const validateOtp = (input: string): CodeIssue | undefined => {
  const code = input.trim();
  if (code === '') return { rule: 'required' };
  if (!/^[0-9]+$/.test(code)) return { rule: 'numeric' };
  return code.length === 6 ? undefined : { rule: 'digits', length: 6 };
};
