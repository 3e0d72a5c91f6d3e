/**
 * The error catalogue of the specs (000 §8, 001 §8) in one place. The API answers
 * `{ statusCode, code, message, details? }`; the SPA maps `code` to `errors.{code}`.
 */
export const ERROR_CATALOGUE = {
  // HTTP statuses (errors.{status})
  '400': { status: 400, message: 'Invalid request' },
  '401': { status: 401, message: 'You are not logged in at the moment' },
  '403': { status: 403, message: 'Unable to access this content' },
  '404': { status: 404, message: 'The content you requested was not found' },
  '429': { status: 429, message: 'Content temporarily unavailable' },
  '500': { status: 500, message: 'An unexpected error has occurred' },
  '503': { status: 503, message: 'Content temporarily unavailable' },
  // App codes
  'app/offline': { status: 503, message: 'Could not connect, check your internet connection' },
  'app/invalid-user-uid': { status: 400, message: 'Reload the page and try again' },
  'app/invalid-whitelist-email': { status: 403, message: 'Unauthorized email' },
  'app/bed-request': { status: 400, message: 'Invalid request' },
  'app/bed-request-message': { status: 400, message: 'Invalid request message' },
  'app/internal-server-error': { status: 500, message: 'An unexpected error has occurred' },
  // Auth codes
  'wrong-password': { status: 400, message: 'Incorrect password' },
  'user-not-found': { status: 404, message: 'User not found' },
  'email-already-in-use': { status: 409, message: 'This e-mail is already in use' },
  'weak-password': { status: 400, message: 'The password is too weak' },
  'invalid-email': { status: 400, message: 'The e-mail address is invalid' },
  'too-many-requests': { status: 429, message: 'This device was blocked after too many attempts, try again later' },
  'network-request-failed': { status: 503, message: 'Network request failed' },
  'requires-recent-login': { status: 401, message: 'Sign in again to continue' },
  'popup-blocked': { status: 400, message: 'The popup was blocked' },
  'popup-closed-by-user': { status: 400, message: 'The popup was closed' },
  'expired-action-code': { status: 400, message: 'This link has expired or was already used' },
  'invalid-action-code': { status: 400, message: 'This link is invalid' },
  'action-already-validated': { status: 400, message: 'This link was already used' },
  'invalid-credential': { status: 401, message: 'Incorrect e-mail or password' },
  'invalid-user-token': { status: 401, message: 'Your session is no longer valid, sign in again' },
  'user-disabled': { status: 403, message: 'This account is disabled' },
  'quota-exceeded': { status: 429, message: 'Quota exceeded, try again later' },
  'id-token-expired': { status: 401, message: 'Your session has expired' },
  // User administration codes (001 §8)
  'company-email-already-in-use': { status: 409, message: 'This e-mail is already in use in a company' },
  'company-invalid': { status: 400, message: 'The company is invalid' },
  'unable-delete-account': { status: 409, message: 'A user with an active account cannot be deleted' },
  // Booking codes (001 §8)
  'booking-already-exists': { status: 409, message: 'A booking already exists for this place and time' },
  'booking-unavailable': { status: 409, message: 'This time is no longer available' },
  'day-booking-already-exists': { status: 409, message: 'A booking already exists on this day' },
  'range-booking-already-exists': { status: 409, message: 'A booking already exists in this period' },
  'appointment-invalid': { status: 400, message: 'The appointment is invalid' },
  'booking-invalid': { status: 400, message: 'The booking is invalid' },
  'booking-canceled': { status: 409, message: 'The booking was canceled' },
  'invalid-action': { status: 400, message: 'This link is invalid or has expired' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Remaps of 000 §8, applied by the SPA before looking up errors.{code}. */
export const ERROR_REMAP: Partial<Record<string, ErrorCode>> = {
  'user-not-found': 'invalid-user-token',
  'action-already-validated': 'expired-action-code',
};

export interface FieldError {
  path: string;
  message: string;
  code?: string;
}

/** Body of every error answer. */
export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: FieldError[];
  /** Values the translated message needs (retryAfterMinutes, minAnswers...). */
  params?: Record<string, string | number>;
}

export interface ErrorDefinition {
  status: number;
  message: string;
}

/**
 * The codes contexts register beside the kernel's (ADR 0009 §6: a context's `contracts/errors.ts`).
 * A context adds its codes to this interface by declaration merging, so AppError takes them typed:
 * `declare module '@portal/kernel' { interface RegisteredErrorCodes extends Record<MyCode, true> {} }`.
 */
export interface RegisteredErrorCodes {}
/** Every code an AppError may carry: the kernel catalogue's and the ones contexts registered. */
export type AppErrorCode = ErrorCode | (keyof RegisteredErrorCodes & string);

const registeredErrors = new Map<string, ErrorDefinition>();

/**
 * Registers a context's error codes in the catalogue (its contracts/errors.ts calls this once);
 * a code the kernel already defines, or another context registered differently, is refused.
 */
export function registerErrorCodes<const D extends Record<string, ErrorDefinition>>(codes: D): D {
  for (const [code, definition] of Object.entries(codes)) {
    const known = isErrorCode(code) ? ERROR_CATALOGUE[code] : registeredErrors.get(code);
    if (known && (known.status !== definition.status || known.message !== definition.message)) throw new Error(`error code ${code} is already defined differently`);
    if (!isErrorCode(code)) registeredErrors.set(code, definition);
  }
  return codes;
}

/** The status and message of a kernel or registered code (undefined for an unknown one). */
export const errorDefinition = (code: string): ErrorDefinition | undefined => (isErrorCode(code) ? ERROR_CATALOGUE[code] : registeredErrors.get(code));

/** The codes contexts registered so far (the SPA's translations and the API docs list them too). */
export const registeredErrorCodes = (): string[] => [...registeredErrors.keys()];

/** An expected failure with a catalogue code; the API turns it into an ErrorBody. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly details?: FieldError[];
  readonly params?: Record<string, string | number>;
  constructor(code: AppErrorCode, message?: string, details?: FieldError[], params?: Record<string, string | number>) {
    const definition = errorDefinition(code);
    if (!definition) throw new Error(`error code ${code} is not registered`);
    super(message ?? definition.message);
    this.name = 'AppError';
    this.code = code;
    this.status = definition.status;
    this.details = details;
    this.params = params;
  }
  toBody(): ErrorBody {
    return {
      statusCode: this.status,
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...(this.params ? { params: this.params } : {}),
    };
  }
}

export const isErrorCode = (value: string): value is ErrorCode => value in ERROR_CATALOGUE;
