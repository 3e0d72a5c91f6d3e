/**
 * Public surface of the identity context: HTTP contracts shared by the API and the SPA,
 * and the integration events other contexts may read. Imports nothing but zod and libs/kernel.
 */
import { z } from 'zod';
import { LOCALES, PASSWORD_MIN_LENGTH, ROLES, PERMISSIONS, checkPassword } from '@portal/kernel';

/** The 16 countries of 000 §1 (ISO 3166-1 alpha-2). */
export const COUNTRY_CODES = ['BR', 'MX', 'AR', 'UY', 'CO', 'CR', 'CU', 'EC', 'SV', 'GT', 'HN', 'NI', 'PA', 'PE', 'VE', 'DO'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const emailSchema = z.string().trim().toLowerCase().max(254).email();
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(128)
  .refine((p) => checkPassword(p).valid, { message: 'passwordPolicy' });

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  country: z.enum(COUNTRY_CODES),
  ref: z.string().trim().max(200).optional(),
  /** Consent to personal-data collection (000 §5): must be true. */
  consent: z.literal(true, { message: 'termAccepted' }),
  lang: z.enum(LOCALES).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const sessionResponseSchema = z.object({
  userId: z.string(),
  accessToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(128),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const registerStatusSchema = z.enum(['None', 'UserProfile', 'Completed']);

/** GET /userData: the user profile of 000 §3 with its derived fields. */
export const userDataSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  lang: z.enum(LOCALES).nullable(),
  createdAt: z.string(),
  profilePicture: z.string().nullable(),
  actingArea: z.string().nullable(),
  userType: z.string().nullable(),
  registerStatus: registerStatusSchema,
  isInnerEmployee: z.boolean().nullable(),
  country: z.string().nullable(),
  company: z.string().nullable(),
  name: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  aclTags: z.array(z.string()),
  companyId: z.string().nullable(),
  allowedStations: z.union([z.literal('all'), z.record(z.string(), z.literal(true))]),
  defaultStation: z.string().nullable(),
  hasStationsAccess: z.boolean(),
  emailVerificationSentAt: z.string().nullable(),
  interactions: z.object({
    advertenceAlertConfirmed: z.string().nullable(),
    firstVideoContentViewed: z.string().nullable(),
  }),
  displayName: z.string(),
  initials: z.string(),
});
export type UserData = z.infer<typeof userDataSchema>;

/** HTTP routes of this context (paths under /api). */
export const identityRoutes = {
  register: { method: 'POST', path: '/createUserRegister', body: registerRequestSchema, response: sessionResponseSchema, summary: 'Create an account (000 §5) and sign in' },
  signIn: { method: 'POST', path: '/auth/signIn', body: signInRequestSchema, response: sessionResponseSchema, summary: 'Sign in with e-mail and password' },
  userData: { method: 'GET', path: '/userData', response: userDataSchema, summary: 'The signed-in user profile' },
} as const;

/** Integration events other contexts may consume (versioned). */
export const userRegisteredIntegrationEvent = z.object({
  type: z.literal('identity.UserRegistered.v1'),
  userId: z.string(),
  email: z.string(),
  country: z.string(),
  lang: z.enum(LOCALES).nullable(),
});

export * from './events.js';
