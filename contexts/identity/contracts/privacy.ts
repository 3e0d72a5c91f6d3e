/**
 * Data subjects' rights under LGPD (issue 31 part B, ADR 0092): the HTTP contracts for the
 * learner's profile, the manager area and the auditor, and the rules both the server and the SPA
 * read (deadlines, consent text versions). The privacy stream's events are in privacy-events.ts
 * (the SPA never loads event schemas). Browser-safe: the SPA imports this file.
 */
import { z } from 'zod';

/** LGPD art. 19 II: an access request is answered within 15 days. Deletions get the same deadline. */
export const PRIVACY_DEADLINE_DAYS = 15;
/** "Delete my account": the grace period in which signing in cancels it. */
export const DELETION_GRACE_DAYS = 7;
/** How long a mailed export link works. */
export const EXPORT_LINK_DAYS = 7;
/** A request still open this close to its deadline shows on the manager dashboard. */
export const NEAR_DEADLINE_DAYS = 3;

export const CONSENTS = ['registration', 'marketing'] as const;
export type Consent = (typeof CONSENTS)[number];
/**
 * The version of each consent's text as the portal shows it now (the SPA's locale files hold the
 * texts under the same version keys): a changed text is a new version, and every ConsentGiven or
 * ConsentWithdrawn names the version the subject saw.
 */
export const CONSENT_TEXT_VERSIONS: Record<Consent, string> = { registration: '2026-01', marketing: '2026-12' };
/**
 * The registration text of accounts registered before the registration recorded its ConsentGiven:
 * their UserRegistered.consentAt is consent to this version (it stays when the text in force changes).
 */
export const LEGACY_REGISTRATION_CONSENT_VERSION = '2026-01';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant (ISO string) moved by whole days of 24 hours (local-time.ts `addDays` moves a local date). */
export const instantPlusDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY_MS).toISOString();
/** Open (not honoured, not canceled) and due within NEAR_DEADLINE_DAYS of `now`, or overdue. */
export const isNearDeadline = (request: { status: PrivacyRequestStatus; dueAt: string }, now: string): boolean =>
  (request.status === 'pending' || request.status === 'erasing') && Date.parse(request.dueAt) - Date.parse(now) <= NEAR_DEADLINE_DAYS * DAY_MS;

export const PRIVACY_REQUEST_KINDS = ['export', 'deletion'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
/** pending: open; erasing: erasure decided, eraser running; honoured: done; canceled. */
export const PRIVACY_REQUEST_STATUSES = ['pending', 'erasing', 'honoured', 'canceled'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

const requestBase = {
  requestId: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  requestedAt: z.string(),
  dueAt: z.string(),
  eraseAfter: z.string().nullable(),
  honouredAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  canceledReason: z.enum(['signed-in', 'subject', 'operator']).nullable(),
};

/** One of my requests (the learner's profile). */
export const myPrivacyRequestSchema = z.object({ ...requestBase, expiresAt: z.string().nullable() });
export type MyPrivacyRequest = z.infer<typeof myPrivacyRequestSchema>;
export const consentStateSchema = z.object({ consent: z.enum(CONSENTS), given: z.boolean(), textVersion: z.string(), at: z.string().nullable() });
export type ConsentState = z.infer<typeof consentStateSchema>;
export const myPrivacySchema = z.object({ requests: z.array(myPrivacyRequestSchema), consents: z.array(consentStateSchema) });
export type MyPrivacy = z.infer<typeof myPrivacySchema>;

export const exportRequestedResponseSchema = z.object({ requestId: z.string(), dueAt: z.string() });
export const deletionRequestSchema = z.object({ confirm: z.literal(true) });
export const deletionRequestedResponseSchema = z.object({ requestId: z.string(), eraseAfter: z.string() });
export const consentParamsSchema = z.object({ consent: z.enum(CONSENTS) });
export const consentBodySchema = z.object({ given: z.boolean(), textVersion: z.string().min(1).max(32) });
export const requestParamsSchema = z.object({ requestId: z.uuid() });

/** What the portal processes and with whom it shares it (LGPD art. 18 I and VII). */
export const processingInfoSchema = z.object({
  categories: z.array(z.enum(['account', 'profile', 'learning', 'assessment', 'booking', 'events', 'messages', 'technical'])),
  sharing: z.array(z.object({ recipient: z.enum(['mail', 'messaging', 'xapi']), configured: z.boolean(), host: z.string().nullable() })),
});
export type ProcessingInfo = z.infer<typeof processingInfoSchema>;

/** A request as a manager sees it (their company's users, or all with manage_all_companies). */
export const managedPrivacyRequestSchema = z.object({
  ...requestBase,
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  companyId: z.string().nullable(),
  nearDeadline: z.boolean(),
  held: z.boolean(),
});
export type ManagedPrivacyRequest = z.infer<typeof managedPrivacyRequestSchema>;
export const managedPrivacyQuerySchema = z.object({
  status: z.enum(PRIVACY_REQUEST_STATUSES).optional(),
  nearDeadline: z.enum(['true', 'false']).optional(),
});
export const managedPrivacyPageSchema = z.object({ items: z.array(managedPrivacyRequestSchema), nearDeadline: z.number().int() });
export type ManagedPrivacyPage = z.infer<typeof managedPrivacyPageSchema>;
export const holdParamsSchema = z.object({ userId: z.uuid() });
export const holdBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const liftHoldParamsSchema = z.object({ userId: z.uuid(), holdId: z.uuid() });
export const legalHoldSchema = z.object({ holdId: z.string(), userId: z.string(), reason: z.string(), by: z.string(), placedAt: z.string() });
export const legalHoldsSchema = z.object({ items: z.array(legalHoldSchema) });

/** A request as the auditor sees it: who asked, when it was honoured, the proof; no personal data. */
export const auditedPrivacyRequestSchema = z.object({
  ...requestBase,
  userId: z.string(),
  requestedBy: z.string(),
  proof: z.string().nullable(),
  erased: z.boolean(),
});
export const auditedPrivacyPageSchema = z.object({ items: z.array(auditedPrivacyRequestSchema) });
export type AuditedPrivacyRequest = z.infer<typeof auditedPrivacyRequestSchema>;

export const privacyRoutes = {
  myPrivacy: { method: 'GET', path: '/privacy/me', response: myPrivacySchema, summary: 'My privacy requests (access, deletion) and my consents with the text version' },
  requestExport: {
    method: 'POST',
    path: '/privacy/me/exports',
    response: exportRequestedResponseSchema,
    summary: '"Download my data": the ZIP is built in the background and its link mailed (expires in 7 days); one open request at a time',
  },
  exportFile: {
    method: 'GET',
    path: '/privacy/exports/:requestId/file',
    params: requestParamsSchema,
    responseType: 'application/zip',
    summary: 'The export ZIP (JSON and an HTML summary), only for the subject who asked; expired-action-code once the link expired',
    errors: ['404', 'expired-action-code'],
  },
  requestDeletion: {
    method: 'POST',
    path: '/privacy/me/deletion',
    body: deletionRequestSchema,
    response: deletionRequestedResponseSchema,
    summary: '"Delete my account": erased after a 7-day grace period; signing in within it cancels the request (a legal hold delays the erasure)',
  },
  setConsent: {
    method: 'PUT',
    path: '/privacy/me/consents/:consent',
    params: consentParamsSchema,
    body: consentBodySchema,
    response: consentStateSchema,
    summary: 'Give or withdraw a consent (registration, marketing), naming the text version shown',
  },
  processingInfo: { method: 'GET', path: '/privacy/processing', response: processingInfoSchema, summary: 'What the portal processes and with whom it is shared' },
  managedRequests: {
    method: 'GET',
    path: '/manage-users/privacy-requests',
    query: managedPrivacyQuerySchema,
    response: managedPrivacyPageSchema,
    summary: 'Privacy requests of the manager\'s users: company_admin their company\'s, manage_all_companies every company\'s',
  },
  cancelManagedDeletion: {
    method: 'POST',
    path: '/manage-users/privacy-requests/:requestId/cancel',
    params: requestParamsSchema,
    summary: 'Cancel a pending deletion on the subject\'s behalf (404 outside the scope)',
    errors: ['404'],
  },
  listHolds: { method: 'GET', path: '/manage-users/privacy-holds/:userId', params: holdParamsSchema, response: legalHoldsSchema, summary: 'The legal holds on a user', errors: ['404'] },
  placeHold: {
    method: 'POST',
    path: '/manage-users/privacy-holds/:userId',
    params: holdParamsSchema,
    body: holdBodySchema,
    response: legalHoldSchema,
    summary: 'Place a legal hold (an open audit) on a user: blocks their erasure until lifted',
    errors: ['404'],
  },
  liftHold: { method: 'DELETE', path: '/manage-users/privacy-holds/:userId/:holdId', params: liftHoldParamsSchema, summary: 'Lift a legal hold', errors: ['404'] },
  auditedRequests: {
    method: 'GET',
    path: '/audit/privacy-requests',
    response: auditedPrivacyPageSchema,
    summary: 'Auditor: every privacy request, who asked, when it was honoured and the proof, without personal data',
  },
} as const;
