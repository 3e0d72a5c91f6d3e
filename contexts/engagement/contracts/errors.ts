/**
 * The engagement context's error codes (ADR 0009 §6), registered in the kernel's catalogue when
 * the contracts load: the API answers `{ statusCode, code, message, details? }` and the SPA looks
 * up `errors.{code}`. Support, notifications, tracking, search and pages answer only with the
 * kernel's codes (ADR 0047); the messaging webhook's signature answers (ADR 0073) and ask the
 * expert (ADR 0072) add their own.
 */
import { registerErrors, type CodesOf } from '@portal/kernel';

export const ENGAGEMENT_ERRORS = {
  /** a webhook delivery without an X-Hub-Signature-256 header of the form sha256=<64 hex> */
  'messaging-signature-missing': { status: 401, message: 'The delivery is not signed' },
  /** a webhook delivery whose signature is not the HMAC of its body with the app secret */
  'messaging-signature-invalid': { status: 403, message: 'The delivery signature does not match' },
  /** the theme is not an active expert theme (unknown or retired); details name `themeId` */
  'expert-theme-invalid': { status: 400, message: 'This theme is not available' },
  /** the sub-theme is unknown, retired or of another theme; details name `subThemeId` */
  'expert-sub-theme-invalid': { status: 400, message: 'This sub-theme is not available for the theme' },
  /** the phone number is not a valid number (for the learner's country when it has no +country code) */
  'expert-phone-invalid': { status: 400, message: 'The phone number is invalid' },
  /** the caller is not an expert of the question's theme */
  'expert-not-assigned': { status: 403, message: 'You are not an expert for this theme' },
  /** a second answer to an answered question */
  'expert-question-already-answered': { status: 409, message: 'This question has already been answered' },
  /** an answer or a claim on a question the learner withdrew */
  'expert-question-withdrawn': { status: 409, message: 'The learner withdrew this question' },
} as const;
export type EngagementErrorCode = keyof typeof ENGAGEMENT_ERRORS;

declare module '@portal/kernel' {
  interface ContextErrorCodes extends CodesOf<typeof ENGAGEMENT_ERRORS> {}
}

registerErrors(ENGAGEMENT_ERRORS);
