import { ERROR_REMAP } from '@portal/kernel';
import { isApiError } from './api-error';

/** What the mapping needs from i18next's errors namespace; pure so it can be unit tested. */
export interface ErrorTranslator {
  /** Current language, e.g. 'en'. */
  language: string;
  /** Whether errors.{key} has a translation (with `count`, its plural form). */
  has(key: string, options?: { count?: number }): boolean;
  /** The translation of errors.{key}. */
  t(key: string, options?: { count?: number }): string;
}

export interface ErrorMessageOptions {
  /**
   * Key used when a code has no translation, instead of the generic errors.500; registration
   * uses 'app/internal-server-error' (000 §8).
   */
  fallbackKey?: string;
}

/** Statuses with their own message (000 §8); any other status reads as errors.500. */
export const STATUS_MESSAGE_KEYS = ['400', '401', '403', '404', '429', '500', '503'] as const;

const statusKey = (status: number): string => {
  const key = String(status);
  return (STATUS_MESSAGE_KEYS as readonly string[]).includes(key) ? key : '500';
};

/** The code to look up after the remaps of 000 §8 (user-not-found -> invalid-user-token...). */
export const remapErrorCode = (code: string): string => ERROR_REMAP[code] ?? code;

const isEnglish = (language: string): boolean => language.toLowerCase().startsWith('en');

/** The key of the too-many-requests text that names the wait: errors.too-many-requests-wait_one/_other. */
export const WAIT_MESSAGE_KEY = 'too-many-requests-wait';

/** Whole minutes to wait that a 429 carries (params.retryAfterMinutes), if any. */
export const retryAfterMinutes = (error: unknown): number | undefined => {
  if (!isApiError(error)) return undefined;
  const raw = error.params['retryAfterMinutes'];
  const value = typeof raw === 'string' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
};

/**
 * The user-facing text of a failure (000 §8):
 * - a response code is remapped first (ERROR_REMAP), then looked up; with a translation it
 *   shows errors.{code}, whatever the
 *   status (invalid-credential on 401, email-already-in-use on 409, too-many-requests on 429);
 * - too-many-requests with params.retryAfterMinutes names the wait, singular or plural;
 * - a 400/422 whose code has no translation: English shows the server's message, other
 *   languages errors.500 (or the caller's fallback);
 * - otherwise the status decides: errors.{status} for 400, 401, 403, 404, 429, 500, 503,
 *   errors.500 for any other;
 * - anything that is not an ApiError (a bug, a parse failure) reads as errors.500.
 */
export const errorMessage = (error: unknown, tr: ErrorTranslator, options: ErrorMessageOptions = {}): string => {
  const fallback = (): string => tr.t(options.fallbackKey && tr.has(options.fallbackKey) ? options.fallbackKey : '500');
  if (!isApiError(error)) return fallback();

  const { statusCode, code, message } = error;
  if (code) {
    const minutes = retryAfterMinutes(error);
    if (remapErrorCode(code) === 'too-many-requests' && minutes !== undefined && tr.has(WAIT_MESSAGE_KEY, { count: minutes })) {
      return tr.t(WAIT_MESSAGE_KEY, { count: minutes });
    }
    for (const key of [remapErrorCode(code), code]) {
      if (tr.has(key)) return tr.t(key);
    }
    if (statusCode === 400 || statusCode === 422) {
      return isEnglish(tr.language) && message.trim().length > 0 ? message : fallback();
    }
  }
  if (statusCode === 0) return tr.t(tr.has('app/offline') ? 'app/offline' : '503');
  if (code && options.fallbackKey) return fallback();
  return tr.t(statusKey(statusCode));
};
