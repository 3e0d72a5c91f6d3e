/**
 * Codes the assessment context answers beside the kernel catalogue (000 §8 lists no code for
 * these rules), registered in the kernel's catalogue (ADR 0009 §6): `new AppError('nps-out-of-order')`
 * answers `{ statusCode: 409, code: 'nps-out-of-order', message }`. The SPA looks up
 * `errors.{code}` and falls back to the message.
 */
import { registerErrors, type CodesOf } from '@portal/kernel';

export const ASSESSMENT_ERRORS = {
  /** a second answer to a question without allowRetry */
  'answer-already-recorded': { status: 409, message: 'This question was already answered and does not allow another answer' },
  /** AV2 before AV1 (000 §4.8: in order, one at a time) */
  'nps-out-of-order': { status: 409, message: 'Answer the NPS questions in order (AV1, then AV2)' },
} as const;
export type AssessmentErrorCode = keyof typeof ASSESSMENT_ERRORS;

declare module '@portal/kernel' {
  interface ContextErrorCodes extends CodesOf<typeof ASSESSMENT_ERRORS> {}
}

registerErrors(ASSESSMENT_ERRORS);
