/**
 * The engagement context's own codes (ADR 0009 §6, ADR 0047): the messaging webhook's signature
 * answers (ADR 0073). Everything else answers with the kernel's codes (400 with field errors, 401,
 * 403, 404, app/invalid-user-uid).
 */
import { registerErrors, type CodesOf } from '@portal/kernel';

export const ENGAGEMENT_ERRORS = {
  /** a webhook delivery without an X-Hub-Signature-256 header of the form sha256=<64 hex> */
  'messaging-signature-missing': { status: 401, message: 'The delivery is not signed' },
  /** a webhook delivery whose signature is not the HMAC of its body with the app secret */
  'messaging-signature-invalid': { status: 403, message: 'The delivery signature does not match' },
} as const;
export type EngagementErrorCode = keyof typeof ENGAGEMENT_ERRORS;

declare module '@portal/kernel' {
  interface ContextErrorCodes extends CodesOf<typeof ENGAGEMENT_ERRORS> {}
}

registerErrors(ENGAGEMENT_ERRORS);
