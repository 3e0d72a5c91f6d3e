/**
 * The events context's error codes (001 §8 and ADR 0060), registered in the kernel's catalogue
 * when the contracts load (ADR 0009 §6): the API answers `{ statusCode, code, message, params? }`
 * and the SPA looks up `errors.{code}` in its locales. Unknown or invisible events and quizzes
 * answer the kernel's 404.
 */
import { registerErrors, type CodesOf } from '@portal/kernel';

export const EVENTS_ERRORS = {
  /** the event's state does not allow this (publish a canceled event, edit a finished one...); params.state */
  'event-invalid-state': { status: 409, message: 'The event cannot be changed in its current state' },
  /** enrolment or withdrawal outside a published event before its start */
  'event-enrolment-closed': { status: 409, message: 'Enrolment for this event is closed' },
  'attendee-not-enrolled': { status: 409, message: 'This person is not enrolled in the event' },
  'attendee-not-checked-in': { status: 409, message: 'This person has not checked in' },
  /** a scan outside its window (check-in: 60 min before the start to the finish; check-out: the start to 120 min after the finish); params.opensAt, params.closesAt */
  'check-in-closed': { status: 409, message: 'Check-in is not open for this event now' },
  'check-out-closed': { status: 409, message: 'Check-out is not open for this event now' },
  /** a staff screen code that is malformed, forged or of another event */
  'event-code-invalid': { status: 400, message: 'This code is not valid' },
  /** a staff screen code older than its 30-second window (a photo sent on, a replay) */
  'event-code-expired': { status: 400, message: 'This code has expired, scan the screen again' },
  /** a personal ticket that is malformed, forged or of another event */
  'ticket-invalid': { status: 400, message: 'This ticket is not valid' },
  'quiz-not-attached': { status: 409, message: 'The quiz is not attached to this event' },
  /** the quiz is not open now (no window, before it opens or after it closes) */
  'quiz-closed': { status: 409, message: 'The quiz is not open now' },
  'quiz-already-answered': { status: 409, message: 'You already answered this quiz' },
  /** answers that do not fit the quiz (unknown question or alternative, a missing answer); details name them */
  'quiz-invalid-answer': { status: 400, message: 'The answers do not match the quiz' },
  /** an import file over EVENT_IMPORT_MAX_ROWS rows or EVENT_IMPORT_MAX_BYTES (ADR 0062); params.rows, params.megabytes */
  'event-import-too-large': { status: 413, message: 'The file is too large: at most 5,000 rows and 5 MB' },
  /** no account or pre-registration has this e-mail (tc_admin adding an attendee, ADR 0062) */
  'attendee-email-unknown': { status: 400, message: 'Nobody with this e-mail is registered' },
  /** 001 §8 "QR code generation error (contact support)" */
  'qr-code-generation-error': { status: 500, message: 'QR code generation error, contact support' },
} as const;
export type EventsErrorCode = keyof typeof EVENTS_ERRORS;

declare module '@portal/kernel' {
  interface ContextErrorCodes extends CodesOf<typeof EVENTS_ERRORS> {}
}

registerErrors(EVENTS_ERRORS);
