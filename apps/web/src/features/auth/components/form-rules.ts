import { checkPassword } from '@portal/kernel';
import { COUNTRY_CODES, emailSchema, registerRequestSchema, signInRequestSchema, type RegisterRequest, type SignInRequest } from '@portal/identity/contracts';

/**
 * Field rules of 000 §5, as data: the form translates them with validation.{rule} and the
 * field's label. Pure, so they are unit tested without a DOM.
 */
export type FieldRule =
  | { rule: 'required' }
  | { rule: 'email' }
  | { rule: 'passwordPolicy' }
  | { rule: 'termAccepted' }
  | { rule: 'maxLength'; length: number };

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

type Issues<V> = Partial<Record<keyof V, FieldRule>>;

const emailRule = (email: string): FieldRule | undefined => {
  if (email.trim().length === 0) return { rule: 'required' };
  return emailSchema.safeParse(email).success ? undefined : { rule: 'email' };
};

const compact = <V>(issues: Record<keyof V, FieldRule | undefined>): Issues<V> =>
  Object.fromEntries(Object.entries(issues).filter(([, rule]) => rule !== undefined)) as Issues<V>;

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

export const toRegisterRequest = (values: RegisterValues, lang: string): RegisterRequest | undefined => {
  const ref = values.ref.trim();
  const parsed = registerRequestSchema.safeParse({
    email: values.email,
    password: values.password,
    country: values.country,
    consent: values.consent,
    lang,
    ...(ref.length > 0 ? { ref } : {}),
  });
  return parsed.success ? parsed.data : undefined;
};
