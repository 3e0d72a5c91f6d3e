import { checkPassword } from '@portal/kernel';
import { COUNTRY_CODES, emailSchema, registerRequestSchema, signInRequestSchema, type RegisterRequest, type SignInRequest } from '@portal/identity/contracts/http';
import { CONSENT_TEXT_VERSIONS } from '@portal/identity/contracts/privacy';
import { compactIssues as compact, type FieldRule, type Issues } from '../../../shared/forms/field-rules';

export type { FieldRule } from '../../../shared/forms/field-rules';

export const REF_MAX_LENGTH = 200;

export interface SignInValues {
  email: string;
  password: string;
}

export interface RegisterValues {
  email: string;
  password: string;
  country: string;
  ref: string;
  consent: boolean;
}

const emailRule = (email: string): FieldRule | undefined => {
  if (email.trim().length === 0) return { rule: 'required' };
  return emailSchema.safeParse(email).success ? undefined : { rule: 'email' };
};

export const validateSignIn = (values: SignInValues): Issues<SignInValues> =>
  compact<SignInValues>({
    email: emailRule(values.email),
    password: values.password.length === 0 ? { rule: 'required' } : undefined,
  });

export const validateRegister = (values: RegisterValues): Issues<RegisterValues> =>
  compact<RegisterValues>({
    email: emailRule(values.email),
    password: values.password.length === 0 ? { rule: 'required' } : checkPassword(values.password).valid ? undefined : { rule: 'passwordPolicy' },
    country: (COUNTRY_CODES as readonly string[]).includes(values.country) ? undefined : { rule: 'required' },
    ref: values.ref.trim().length > REF_MAX_LENGTH ? { rule: 'maxLength', length: REF_MAX_LENGTH } : undefined,
    consent: values.consent ? undefined : { rule: 'termAccepted' },
  });

/** The request body, parsed by the contract itself; undefined when the values do not pass it. */
export const toSignInRequest = (values: SignInValues): SignInRequest | undefined => {
  const parsed = signInRequestSchema.safeParse(values);
  return parsed.success ? parsed.data : undefined;
};

/** `invitation`: the token of the invitation link the screen was opened with (ADR 0050). */
export const toRegisterRequest = (values: RegisterValues, lang: string, invitation: string | null = null): RegisterRequest | undefined => {
  const ref = values.ref.trim();
  const parsed = registerRequestSchema.safeParse({
    email: values.email,
    password: values.password,
    country: values.country,
    consent: values.consent,
    consentTextVersion: CONSENT_TEXT_VERSIONS.registration,
    lang,
    ...(ref.length > 0 ? { ref } : {}),
    ...(invitation ? { invitation } : {}),
  });
  return parsed.success ? parsed.data : undefined;
};

export interface ResetRequestValues {
  email: string;
}

export const validateResetRequest = (values: ResetRequestValues): Issues<ResetRequestValues> => compact<ResetRequestValues>({ email: emailRule(values.email) });

export interface NewPasswordValues {
  password: string;
  confirmation: string;
}

/** A new password (reset link): the policy of 000 §5, and the confirmation must match. */
export const validateNewPassword = (values: NewPasswordValues): Issues<NewPasswordValues> =>
  compact<NewPasswordValues>({
    password: values.password.length === 0 ? { rule: 'required' } : checkPassword(values.password).valid ? undefined : { rule: 'passwordPolicy' },
    confirmation: values.confirmation.length === 0 ? { rule: 'required' } : values.confirmation === values.password ? undefined : { rule: 'confirmation' },
  });
