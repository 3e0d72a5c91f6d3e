/**
 * The error catalogue of the specs (000 §8, 001 §8) in one place. The API answers
 * `{ statusCode, code, message, details? }`; the SPA maps `code` to `errors.{code}`.
 */
const KERNEL_ERRORS = {
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
  // A write that lost a race to the same stream on every attempt (ADR 0081): nothing was written; retry
  'write-conflict': { status: 409, message: 'This changed at the same time elsewhere; nothing was saved, try again' },
  // An Idempotency-Key sent again with another request (ADR 0093): nothing was done; the first answer stands
  'idempotency-key-reused': { status: 422, message: 'This key was already used for another request; nothing was saved' },
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
} as const satisfies ErrorCatalogue;

/** One code's answer: its HTTP status and the English message (the SPA translates `errors.{code}`). */
export interface ErrorSpec {
  readonly status: number;
  readonly message: string;
}
export type ErrorCatalogue = Readonly<Record<string, ErrorSpec>>;

/**
 * The codes contexts add from their `contracts/errors.ts` (ADR 0009 §6), merged in by
 * declaration: `declare module '@portal/kernel' { interface ContextErrorCodes extends CodesOf<typeof X> {} }`
 * next to `registerErrors(X)`, so `new AppError('booking-unavailable')` type-checks and answers
 * with the context's status.
 */
export interface ContextErrorCodes {}
/** The key set of a context's catalogue, for `ContextErrorCodes` to extend. */
export type CodesOf<C extends ErrorCatalogue> = { readonly [K in keyof C]: true };

export type ErrorCode = keyof typeof KERNEL_ERRORS | (keyof ContextErrorCodes & string);

/** Every code the API answers with: the kernel's own and those the contexts registered. */
export const ERROR_CATALOGUE: Record<ErrorCode, ErrorSpec> = { ...KERNEL_ERRORS } as Record<ErrorCode, ErrorSpec>;
export const ERROR_CODES: ErrorCode[] = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/**
 * Adds a context's codes to the catalogue (called once by its contracts/errors.ts when loaded).
 * A code registered twice must mean the same answer.
 */
export function registerErrors(catalogue: ErrorCatalogue): void {
  for (const [code, spec] of Object.entries(catalogue)) {
    const known = (ERROR_CATALOGUE as Record<string, ErrorSpec>)[code];
    if (known) {
      if (known.status !== spec.status || known.message !== spec.message) throw new Error(`error code ${code} registered twice with different answers`);
      continue;
    }
    (ERROR_CATALOGUE as Record<string, ErrorSpec>)[code] = spec;
    ERROR_CODES.push(code as ErrorCode);
  }
}

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

/** Every code an AppError may carry: the kernel's and the ones contexts registered (registerErrors). */
export type AppErrorCode = ErrorCode;

/** The status and message of a kernel or registered code (undefined for an unknown one). */
export const errorDefinition = (code: string): ErrorDefinition | undefined => (ERROR_CATALOGUE as Record<string, ErrorSpec | undefined>)[code];

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

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(ERROR_CATALOGUE, value);
