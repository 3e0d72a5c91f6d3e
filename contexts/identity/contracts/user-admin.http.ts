/**
 * HTTP contracts of the manager's user administration (issue 14, ADR 0050): creating and updating
 * a user of the manager's company (pre-registered when they have no account yet), their access,
 * deactivation, deletion of a pre-registered user, the invitation mail, and the registration
 * screen's pre-registration lookup (000 §7 /userPreRegister). Shared by the API and the SPA;
 * validation messages are the keys of 001 §5 (`validation.{key}` in the SPA).
 */
import { z } from 'zod';
import { EMPTY_ID, isLettersOnly, LOCALES, PERMISSIONS, ROLES } from '@portal/kernel';
import { COUNTRY_CODES, emailSchema, invitationTokenSchema } from './http.js';

/** uuidNotEmpty (001 §5): a uuid, and not the all-zero one. */
export const uuidNotEmptySchema = z
  .string()
  .trim()
  .uuid('uuidNotEmpty')
  .refine((v) => v !== EMPTY_ID, { message: 'uuidNotEmpty' });

const text = (max: number) => z.string().trim().max(max, 'maxLength');
/** a free-text field: absent leaves it as it is, null or "" clears it */
const optionalText = (max = 120) =>
  text(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const lettersText = (max = 120) =>
  text(max)
    .refine((v) => v === '' || isLettersOnly(v), { message: 'lettersOnly' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** A station (crop) id as the catalogue names it. */
export const stationIdSchema = z.string().trim().min(1, 'notEmpty').max(128, 'maxLength').regex(/^[A-Za-z0-9_-]+$/);
/** allowedStations of 001 §3: a map of station id to true, or "all" (every station). */
export const allowedStationsSchema = z.union([z.literal('all'), z.record(stationIdSchema, z.literal(true))]);
/** An ACL tag (000 §3): `dist:<name>` or `team:<name>`; dist:all grants every dist: tag. */
export const aclTagSchema = z.string().trim().regex(/^(dist|team):[a-z0-9_]+$/, 'aclTag');
export const managedPhoneSchema = z.string().trim().regex(/^\+?[0-9 ()-]{8,20}$/, 'phoneNumberInvalid');

/** The access fields of 001 §3 "User profile (fields relevant to access)". */
export const managedAccessSchema = z.object({
  /** at least one: a user without a role could not use the portal (the screen requires one too) */
  roles: z.array(z.enum(ROLES)).min(1, 'notEmpty').max(ROLES.length),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
  aclTags: z.array(aclTagSchema).max(50),
  /** null: no company (only with manage_all_companies) */
  companyId: uuidNotEmptySchema.nullable(),
  allowedStations: allowedStationsSchema,
});
export type ManagedAccess = z.infer<typeof managedAccessSchema>;

/** The fields of 001 §3 "User (manager view)" besides e-mail and access (the stored `managedUserDetailsSchema`). */
export const managedUserFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'notEmpty')
    .max(120, 'maxLength')
    .refine((v) => isLettersOnly(v), { message: 'lettersOnly' })
    .nullable(),
  country: z.enum(COUNTRY_CODES),
  state: lettersText(80),
  city: lettersText(80),
  /** a user type (Farmer, Distributor, Cooperative or Other: a reference item or a profile value) */
  userType: optionalText(),
  /** the free text of "Other" */
  otherUserType: optionalText(),
  actingArea: optionalText(),
  otherActingArea: optionalText(),
  /** preferred crop (default station) */
  defaultStation: optionalText(128),
  phone: managedPhoneSchema.nullable(),
  salesTeam: optionalText(),
  dn: optionalText(),
  regional: optionalText(),
  position: optionalText(),
  isInnerEmployee: z.boolean().nullable(),
  /** the group responsible */
  responsible: optionalText(),
  group: optionalText(),
  region: optionalText(),
  /** expert's state, theme and sub-theme */
  expertState: optionalText(80),
  theme: optionalText(),
  subTheme: optionalText(),
  businessRegion: optionalText(),
  businessUnit: optionalText(),
});

/**
 * POST /manage-users/upsert. Without `id`: a new user without an account (pre-registered), in the
 * manager's company unless `companyId` says otherwise (manage_all_companies), invited by mail
 * unless `sendInvitation` is false. With `id`: the user's details and access change; a field left
 * out stays as it is, null clears it. `email` is required to create and cannot change on update
 * (the user changes it in their profile).
 */
export const managedUserUpsertSchema = managedUserFieldsSchema
  .partial()
  .extend(managedAccessSchema.partial().shape)
  .extend({
    id: uuidNotEmptySchema.optional(),
    email: emailSchema.optional(),
    /** the invitation mail's language (default: the manager's) */
    lang: z.enum(LOCALES).optional(),
    sendInvitation: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.id === undefined && v.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: 'required' });
  });
export type ManagedUserUpsert = z.infer<typeof managedUserUpsertSchema>;

/** What a write to a managed user answers: who, and where they stand now. */
export const managedUserWriteResponseSchema = z.object({
  id: z.string(),
  /** true when the upsert created the user */
  created: z.boolean(),
  /** false for a pre-registered user (001 §3 "has account") */
  hasAccount: z.boolean(),
  active: z.boolean(),
  /** an invitation mail went out with this call */
  invitationSent: z.boolean(),
});
export type ManagedUserWriteResponse = z.infer<typeof managedUserWriteResponseSchema>;

export const managedUserParamsSchema = z.object({ id: uuidNotEmptySchema });
export const sendInvitationRequestSchema = z.object({ lang: z.enum(LOCALES).optional() });

/**
 * GET /userPreRegister: `hash` (the invitation link's token) gives the registration screen the
 * pre-registered e-mail, name and country; `email` answers the same shape whether or not the
 * address is pre-registered, with nothing but the address (no enumeration, ADR 0050).
 */
export const preRegistrationQuerySchema = z
  .object({ hash: invitationTokenSchema.optional(), email: emailSchema.optional() })
  .refine((q) => (q.hash === undefined) !== (q.email === undefined), { message: 'required', path: ['hash'] });
export const preRegistrationResponseSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  country: z.enum(COUNTRY_CODES).nullable(),
  lang: z.enum(LOCALES).nullable(),
  /** the company the user will join */
  companyName: z.string().nullable(),
  /** the token to send with the registration (only when asked by hash) */
  invitation: z.string().nullable(),
});
export type PreRegistration = z.infer<typeof preRegistrationResponseSchema>;

const WRITE_ERRORS = ['404', 'company-invalid'] as const;

/** HTTP routes of the user administration (paths under /api). */
export const userAdminRoutes = {
  upsertManagedUser: {
    method: 'POST',
    path: '/manage-users/upsert',
    body: managedUserUpsertSchema,
    response: managedUserWriteResponseSchema,
    summary:
      'Create a pre-registered user (no id) or change a user\'s details and access (id), inside the manager\'s scope (manage_companies_users; access rules of ADR 0050). 404 for an unknown or out-of-scope id',
    errors: [...WRITE_ERRORS, 'email-already-in-use', 'company-email-already-in-use'],
  },
  deleteManagedUser: {
    method: 'DELETE',
    path: '/manage-users/users/:id',
    params: managedUserParamsSchema,
    summary: 'Delete a pre-registered user (releases the address); a user with an account is deactivated instead (unable-delete-account)',
    errors: ['404', 'unable-delete-account'],
  },
  deactivateUser: {
    method: 'POST',
    path: '/manage-users/users/:id/deactivate',
    params: managedUserParamsSchema,
    response: managedUserWriteResponseSchema,
    summary: 'Deactivate a user: sign-in refused (user-disabled), every session revoked, access tokens refused within seconds',
    errors: ['404'],
  },
  reactivateUser: {
    method: 'POST',
    path: '/manage-users/users/:id/reactivate',
    params: managedUserParamsSchema,
    response: managedUserWriteResponseSchema,
    summary: 'Reactivate a deactivated user',
    errors: ['404'],
  },
  sendInvitation: {
    method: 'POST',
    path: '/manage-users/users/:id/invitation',
    params: managedUserParamsSchema,
    body: sendInvitationRequestSchema,
    response: managedUserWriteResponseSchema,
    summary: 'Mail the invitation to register again (pre-registered users only; action-already-validated once they have an account)',
    errors: ['404', 'action-already-validated', 'too-many-requests'],
  },
  preRegistration: {
    method: 'GET',
    path: '/userPreRegister',
    query: preRegistrationQuerySchema,
    response: preRegistrationResponseSchema,
    summary: 'The registration screen\'s pre-filled data: by the invitation token (hash), or the same shape with only the address (email; no enumeration)',
    errors: ['invalid-action-code', 'expired-action-code', 'action-already-validated'],
  },
} as const;
