/**
 * HTTP contracts of the identity context (ADR 0009 §6): request and response schemas shared by the
 * API and the SPA, and the routes table. Imports nothing but zod and libs/kernel.
 */
import { z } from 'zod';
import { LOCALES, PASSWORD_MIN_LENGTH, ROLES, PERMISSIONS, checkPassword, type ErrorCode } from '@portal/kernel';
import { auditedEventSchema, streamVerificationSchema, wholeLogVerificationSchema } from '@portal/eventstore/event-schemas';

/** The 16 countries of 000 §1 (ISO 3166-1 alpha-2). */
export const COUNTRY_CODES = ['BR', 'MX', 'AR', 'UY', 'CO', 'CR', 'CU', 'EC', 'SV', 'GT', 'HN', 'NI', 'PA', 'PE', 'VE', 'DO'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const emailSchema = z.string().trim().toLowerCase().max(254).email();
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(128)
  .refine((p) => checkPassword(p).valid, { message: 'passwordPolicy' });

/** The invitation link's token (ADR 0050): `<base64url(user id, expiry)>.<base64url(mac)>`. */
export const invitationTokenSchema = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'invalid');

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  country: z.enum(COUNTRY_CODES),
  ref: z.string().trim().max(200).optional(),
  /** Consent to personal-data collection (000 §5): must be true. */
  consent: z.literal(true, { message: 'termAccepted' }),
  /**
   * The version of the consent text the screen showed (CONSENT_TEXT_VERSIONS.registration, ADR 0092):
   * recorded as the registration's ConsentGiven; absent, the version in force; another answers 400.
   */
  consentTextVersion: z.string().min(1).max(32).optional(),
  lang: z.enum(LOCALES).optional(),
  /** the invitation link's token, when the registration screen was opened from one: it proves the mailbox */
  invitation: invitationTokenSchema.optional(),
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
  state: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  /** Free key/value user flags (000 §3), e.g. journeyWelcome. */
  flags: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  displayName: z.string(),
  initials: z.string(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const ACTION_MODES = ['verifyEmail', 'resetPassword', 'recoverEmail'] as const;
export const actionModeSchema = z.enum(ACTION_MODES);

export const sendEmailVerificationRequestSchema = z.object({ lang: z.enum(LOCALES).optional() });
export const sendEmailVerificationResponseSchema = z.object({ sentAt: z.string() });

export const sendPasswordResetRequestSchema = z.object({ email: emailSchema, lang: z.enum(LOCALES).optional() });
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** oobCode as it arrives in the link (/auth/action?mode=...&oobCode=...). */
export const oobCodeSchema = z.string().min(10).max(200).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
export const checkActionCodeRequestSchema = z.object({ mode: actionModeSchema, oobCode: oobCodeSchema });
export const checkActionCodeResponseSchema = z.object({ mode: actionModeSchema, email: z.string() });
export const applyActionCodeRequestSchema = z.object({ mode: actionModeSchema, oobCode: oobCodeSchema, newPassword: passwordSchema.optional() });
export const applyActionCodeResponseSchema = z.object({ mode: actionModeSchema, email: z.string() });

/** POST /auth/sendSignInLink: a one-time sign-in link by e-mail (ADR 0032); same answer whether or not the address has an account. */
export const sendSignInLinkRequestSchema = z.object({ email: emailSchema, lang: z.enum(LOCALES).optional() });
/** POST /auth/signInWithLink: the code of the link (/auth/link?code=...). */
export const signInWithLinkRequestSchema = z.object({ code: oobCodeSchema });

export const logoffRequestSchema = z.object({ lang: z.enum(LOCALES).optional() });

export const ACTING_AREA_VALUES = ['Vendas', 'Marketing', 'Market Development', 'Nulo'] as const;
export const USER_TYPE_VALUES = ['Agricultor', 'Distribuidor', 'Cooperativa', 'Nulo'] as const;
export const updateUserProfileRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(120).nullable(),
    actingArea: z.enum(ACTING_AREA_VALUES).nullable(),
    userType: z.enum(USER_TYPE_VALUES).nullable(),
    company: z.string().trim().max(120).nullable(),
    isInnerEmployee: z.boolean().nullable(),
    defaultStation: z.string().trim().max(128).nullable(),
    country: z.enum(COUNTRY_CODES),
    state: z.string().trim().max(80).nullable(),
    city: z.string().trim().max(80).nullable(),
    phone: z.string().trim().regex(/^\+?[0-9 ()-]{8,20}$/, 'phoneNumberInvalid').nullable(),
    lang: z.enum(LOCALES),
    email: emailSchema,
  })
  .partial();
export type UpdateUserProfileRequest = z.infer<typeof updateUserProfileRequestSchema>;

export const countrySchema = z.object({ code: z.enum(COUNTRY_CODES), displayName: z.string() });
export const countriesQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
export const countriesResponseSchema = z.array(countrySchema);
export const optionSchema = z.object({ value: z.string(), label: z.string() });
export const userProfileEditOptionsResponseSchema = z.object({
  actingAreas: z.array(optionSchema),
  userTypes: z.array(optionSchema),
  countries: countriesResponseSchema,
  /** Brazilian states (UF); other countries take free text */
  states: z.record(z.string(), z.array(optionSchema)),
});

export const profilePictureResponseSchema = z.object({ profilePicture: z.string() });
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export const flagRequestSchema = z.object({
  key: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_.-]+$/),
  value: z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]),
});
export const INTERACTION_NAMES = ['advertenceAlertConfirmed', 'firstVideoContentViewed'] as const;
export const interactionRequestSchema = z.object({ name: z.enum(INTERACTION_NAMES) });

export const phoneSchema = z.string().trim().regex(/^\+[1-9][0-9]{7,14}$/, 'phoneNumberInvalid');
export const phoneSendRequestSchema = z.object({ phone: phoneSchema, lang: z.enum(LOCALES).optional() });
export const phoneVerifyRequestSchema = z.object({ phone: phoneSchema, code: z.string().regex(/^[0-9]{6}$/) });

/** `actionsBefore`: the `actionsBefore` of the previous answer, for the next (older) page of the user's changes to others. */
export const userHistoryQuerySchema = z.object({
  actionsBefore: z.string().regex(/^[1-9]\d{0,17}$/, 'integer').optional(),
});
export const USER_HISTORY_ACTIONS_PAGE = 100;
export const userHistoryResponseSchema = z.object({
  userId: z.string(),
  /** each stream as `audit verify <stream>` checks it: its chain, then its events against the checkpoints that sealed them (ADR 0083) */
  streams: z.array(streamVerificationSchema.extend({ events: z.array(auditedEventSchema) })),
  /**
   * The changes this user made to other users, companies and reference lists (the events whose
   * `by` names them; ADR 0050), newest first, at most USER_HISTORY_ACTIONS_PAGE; each with its
   * stream and whether that stream's hash chain verifies.
   */
  actions: z.array(auditedEventSchema.extend({ verified: z.boolean() })),
  /** more, older actions: pass it as ?actionsBefore= (null: none) */
  actionsBefore: z.string().nullable(),
  /** when the whole log was last verified and with what result */
  lastWholeLog: wholeLogVerificationSchema,
});

/** Public settings the SPA needs before sign-in (guards, branding, toggles). */
/** The product's name unless PRODUCT_NAME says otherwise (one name in every language and place). */
export const DEFAULT_PRODUCT_NAME = 'Portal Agro';
/** The footers' links unless LEGAL_*_URL say otherwise: the portal's own public pages (content/pack.json, section br). */
export const DEFAULT_LEGAL_LINKS = { about: '/br/sobre', terms: '/br/termos-de-uso', privacy: '/br/privacidade', company: '/br/empresa' } as const;

export const appConfigResponseSchema = z.object({
  version: z.string(),
  envName: z.string(),
  production: z.boolean(),
  /** Whether /api/dev/mailbox answers (a loopback PUBLIC_URL or DEV_MAILBOX=true, never production; ADR 0080). */
  devMailbox: z.boolean(),
  toggles: z.object({ localSearch: z.boolean(), notifications: z.boolean(), scheduledEvents: z.boolean(), scormTest: z.boolean(), enableSearch: z.boolean() }),
  domains: z.object({
    /** The Spanish-language domain: forces locale es (000 §4.11). */
    spanish: z.string().nullable(),
    /** The Brazilian university domain (000 §2.5 item 5). */
    brazilUniversity: z.string().nullable(),
  }),
  argentina: z.object({
    /** The host Argentine users belong on; elsewhere they are signed out and sent to siteUrl (000 §2.2). */
    expectedHost: z.string().nullable(),
    siteUrl: z.string().nullable(),
    stagingHosts: z.array(z.string()),
  }),
  verificationResendMinutes: z.number().int(),
  /** The product's one name (PRODUCT_NAME), shown by the SPA wherever it names itself. */
  productName: z.string(),
  /** The footers' About, Terms, Privacy and Company links (LEGAL_*_URL; our own public pages by default). */
  legalLinks: z.object({ about: z.string(), terms: z.string(), privacy: z.string(), company: z.string() }),
});
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;

/**
 * POST /api/realtime/ticket: EventSource cannot send headers, and an access token in a URL lands
 * in proxy logs, access logs and browser history; the stream is opened with this single-use,
 * short-lived ticket instead (ADR 0080).
 */
export const realtimeTicketResponseSchema = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export type RealtimeTicketResponse = z.infer<typeof realtimeTicketResponseSchema>;

/**
 * The picture routes are open to any caller (no user: app/invalid-user-uid, 000 §5), yet a bearer
 * token that fails is said as such (the SPA refreshes and retries): 401 (issue 26 item 7).
 */
const PICTURE_ERRORS = ['app/invalid-user-uid', 'invalid-user-token', 'id-token-expired'] as const satisfies readonly ErrorCode[];

/** The picture upload's multipart body: the image in the field `file`. */
export const profilePictureUploadSchema = z.object({ file: z.string().meta({ format: 'binary', description: 'png, jpeg, webp or gif (by content), at most 2 MB' }) });

/**
 * Set with the refresh cookie and cleared with it, readable by the page (not httpOnly, path /):
 * it holds no secret, only tells the SPA that a refresh cookie exists, so a visitor without a
 * session never calls POST /auth/refresh for a 401 (ADR 0014). The server never trusts it.
 */
export const SESSION_MARKER_COOKIE = 'portal_session';

/** HTTP routes of this context (paths under /api). */
export const identityRoutes = {
  register: { method: 'POST', path: '/createUserRegister', body: registerRequestSchema, response: sessionResponseSchema, summary: 'Create an account (000 §5) and sign in; sets the refresh cookie', errors: ['email-already-in-use', 'app/invalid-whitelist-email'] },
  signIn: { method: 'POST', path: '/auth/signIn', body: signInRequestSchema, response: sessionResponseSchema, summary: 'Sign in with e-mail and password; sets the refresh cookie. 429 (with Retry-After) while the throttle holds the attempt (ADR 0032)', errors: ['invalid-credential', 'too-many-requests'] },
  sendSignInLink: {
    method: 'POST',
    path: '/auth/sendSignInLink',
    body: sendSignInLinkRequestSchema,
    response: okResponseSchema,
    summary: 'Mail a one-time sign-in link, valid 15 minutes (same answer whether or not the e-mail exists; at most one a minute per account)',
  },
  signInWithLink: {
    method: 'POST',
    path: '/auth/signInWithLink',
    body: signInWithLinkRequestSchema,
    response: sessionResponseSchema,
    errors: ['invalid-action-code', 'expired-action-code', 'action-already-validated'],
    summary: 'Sign in with a mailed link (once, even while password sign-in is throttled); sets the refresh cookie',
  },
  refresh: { method: 'POST', path: '/auth/refresh', response: sessionResponseSchema, summary: 'Rotate the refresh cookie and issue a new access token', refreshCookie: true, errors: ['invalid-user-token'] },
  logoff: { method: 'POST', path: '/auth/logoff', body: logoffRequestSchema, summary: 'Save the locale, revoke the session and clear the cookie', refreshCookie: true },
  userData: { method: 'GET', path: '/userData', response: userDataSchema, summary: 'The signed-in user profile', errors: ['user-not-found'] },
  sendEmailVerification: { method: 'POST', path: '/sendEmailVerification', body: sendEmailVerificationRequestSchema, response: sendEmailVerificationResponseSchema, summary: 'Send the e-mail verification link (rate-limited)', errors: ['action-already-validated', 'too-many-requests'] },
  sendPasswordReset: { method: 'POST', path: '/sendPasswordReset', body: sendPasswordResetRequestSchema, response: okResponseSchema, summary: 'Send a password reset link (same answer whether or not the e-mail exists)' },
  checkActionCode: { method: 'POST', path: '/checkActionCode', body: checkActionCodeRequestSchema, response: checkActionCodeResponseSchema, summary: 'Check an e-mail action link before using it', errors: ['invalid-action-code', 'expired-action-code', 'action-already-validated'] },
  applyActionCode: { method: 'POST', path: '/applyActionCode', body: applyActionCodeRequestSchema, response: applyActionCodeResponseSchema, summary: 'Use an e-mail action link: verifyEmail, resetPassword, recoverEmail', errors: ['invalid-action-code', 'expired-action-code', 'action-already-validated'] },
  updateUserProfile: { method: 'POST', path: '/updateUserProfile', body: updateUserProfileRequestSchema, response: userDataSchema, summary: 'Update the profile (000 §3 rules)', errors: ['email-already-in-use'] },
  userProfileEditOptions: { method: 'GET', path: '/userProfileEditOptions', query: countriesQuerySchema, response: userProfileEditOptionsResponseSchema, summary: 'Choices for the profile form' },
  countries: { method: 'GET', path: '/countries', query: countriesQuerySchema, response: countriesResponseSchema, summary: 'Countries sorted by display name' },
  uploadPicture: { method: 'POST', path: '/user-profile/picture', response: profilePictureResponseSchema, summary: 'Upload the profile picture (multipart field "file"; png, jpeg, webp or gif up to 2 MB)', form: profilePictureUploadSchema, errors: PICTURE_ERRORS },
  removePicture: { method: 'DELETE', path: '/user-profile/picture', summary: 'Remove the profile picture', errors: PICTURE_ERRORS },
  setFlag: { method: 'POST', path: '/user-store/flag', body: flagRequestSchema, summary: 'Set a user flag' },
  interaction: { method: 'POST', path: '/user-store/interactions', body: interactionRequestSchema, summary: 'Record a user interaction (home alert, first video)' },
  phoneSend: { method: 'POST', path: '/auth2/phone/send', body: phoneSendRequestSchema, response: sendEmailVerificationResponseSchema, summary: 'Send a one-time code to link a phone number', errors: ['too-many-requests'] },
  phoneVerify: { method: 'POST', path: '/auth2/phone/verify', body: phoneVerifyRequestSchema, response: okResponseSchema, summary: 'Link the phone number with the one-time code', errors: ['invalid-action-code', 'expired-action-code', 'action-already-validated'] },
  userHistory: {
    method: 'GET',
    path: '/audit/users/:userId/history',
    query: userHistoryQuerySchema,
    response: userHistoryResponseSchema,
    summary: "An auditor's view of a user's account history and of the changes they made to others (each event with who made it), with hash-chain verification",
    errors: ['user-not-found'],
  },
  appConfig: { method: 'GET', path: '/app-config', response: appConfigResponseSchema, summary: 'Public settings for the SPA' },
  realtimeTicket: {
    method: 'POST',
    path: '/realtime/ticket',
    response: realtimeTicketResponseSchema,
    summary: 'A ticket that opens the realtime stream once (GET /api/realtime/stream?ticket=), valid 30 s, so that no access token travels in a URL (ADR 0080)',
  },
} as const;
