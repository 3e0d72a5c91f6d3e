import { describe, expect, it } from 'vitest';
import en from '../../locales/en/errors.json';
import es from '../../locales/es/errors.json';
import ptBR from '../../locales/pt-BR/errors.json';
import { ApiError } from './api-error';
import { errorMessage, remapErrorCode, retryAfterMinutes, type ErrorTranslator } from './error-message';

/** A minimal i18next: plural suffixes by Intl.PluralRules, {{count}} interpolation. */
const translator = (language: string, texts: Record<string, string>): ErrorTranslator => {
  const resolve = (key: string, options?: { count?: number }): string =>
    options?.count === undefined ? key : `${key}_${new Intl.PluralRules(language).select(options.count)}`;
  return {
    language,
    has: (key, options) => Object.hasOwn(texts, resolve(key, options)),
    t: (key, options) => (texts[resolve(key, options)] ?? `errors.${key}`).replace('{{count}}', String(options?.count ?? '')),
  };
};

const english = translator('en', en);
const portuguese = translator('pt-BR', ptBR);

describe('errorMessage (000 §8)', () => {
  it('maps statuses without a code to errors.{status}', () => {
    expect(errorMessage(new ApiError({ statusCode: 400 }), english)).toBe('Invalid request');
    expect(errorMessage(new ApiError({ statusCode: 401 }), english)).toBe('You are not logged in at the moment');
    expect(errorMessage(new ApiError({ statusCode: 403 }), english)).toBe('Unable to access this content');
    expect(errorMessage(new ApiError({ statusCode: 404 }), english)).toBe('The content you requested was not found');
    expect(errorMessage(new ApiError({ statusCode: 429 }), english)).toBe('Content temporarily unavailable');
    expect(errorMessage(new ApiError({ statusCode: 500 }), english)).toBe('An unexpected error has occurred');
    expect(errorMessage(new ApiError({ statusCode: 503 }), english)).toBe('Content temporarily unavailable');
    expect(errorMessage(new ApiError({ statusCode: 503 }), portuguese)).toBe('Conteúdo temporariamente indisponível');
  });

  it('maps any other status to errors.500', () => {
    expect(errorMessage(new ApiError({ statusCode: 418 }), english)).toBe('An unexpected error has occurred');
    expect(errorMessage(new ApiError({ statusCode: 502 }), portuguese)).toBe('Ocorreu um erro inesperado');
  });

  it('shows errors.{code} for a known code, whatever the status', () => {
    expect(errorMessage(new ApiError({ statusCode: 400, code: 'app/bed-request', message: 'Bad' }), english)).toBe('Invalid request');
    expect(errorMessage(new ApiError({ statusCode: 422, code: 'weak-password' }), english)).toBe('The password is too weak');
    expect(errorMessage(new ApiError({ statusCode: 401, code: 'invalid-credential' }), english)).toBe('Incorrect e-mail or password');
    expect(errorMessage(new ApiError({ statusCode: 409, code: 'email-already-in-use' }), portuguese)).toBe('Este e-mail já está em uso');
    expect(errorMessage(new ApiError({ statusCode: 429, code: 'too-many-requests' }), english)).toBe(
      'This device was blocked after too many attempts, try again later',
    );
  });

  it('remaps codes before the lookup', () => {
    expect(remapErrorCode('user-not-found')).toBe('invalid-user-token');
    expect(remapErrorCode('action-already-validated')).toBe('expired-action-code');
    expect(remapErrorCode('wrong-password')).toBe('wrong-password');
    expect(errorMessage(new ApiError({ statusCode: 400, code: 'user-not-found' }), english)).toBe(
      'Your session is no longer valid, sign in again',
    );
    expect(errorMessage(new ApiError({ statusCode: 400, code: 'action-already-validated' }), english)).toBe(
      'This link has expired or was already used',
    );
  });

  it('on a 400/422 with an unknown code, English shows the server message, other languages errors.500', () => {
    const unknown = new ApiError({ statusCode: 400, code: 'brand-new-code', message: 'Something specific went wrong' });
    expect(errorMessage(unknown, english)).toBe('Something specific went wrong');
    expect(errorMessage(new ApiError({ statusCode: 422, code: 'x', message: 'Nope' }), english)).toBe('Nope');
    expect(errorMessage(unknown, portuguese)).toBe('Ocorreu um erro inesperado');
    expect(errorMessage(new ApiError({ statusCode: 400, code: 'x', message: '  ' }), english)).toBe('An unexpected error has occurred');
  });

  it('reads an unknown code on other statuses by its status', () => {
    expect(errorMessage(new ApiError({ statusCode: 404, code: 'no-such-code', message: 'x' }), english)).toBe(
      'The content you requested was not found',
    );
    expect(errorMessage(new ApiError({ statusCode: 409, code: 'no-such-code' }), english)).toBe('An unexpected error has occurred');
  });

  it('uses the caller fallback for an unknown code (registration: app/internal-server-error)', () => {
    const fallbackKey = 'app/internal-server-error';
    expect(errorMessage(new ApiError({ statusCode: 409, code: 'no-such-code' }), portuguese, { fallbackKey })).toBe(ptBR[fallbackKey]);
    expect(errorMessage(new ApiError({ statusCode: 400, code: 'no-such-code' }), portuguese, { fallbackKey })).toBe(ptBR[fallbackKey]);
    expect(errorMessage(new Error('boom'), english, { fallbackKey: 'not-a-key' })).toBe('An unexpected error has occurred');
  });

  it('reads an unreachable server as app/offline', () => {
    expect(errorMessage(new ApiError({ statusCode: 0, code: 'app/offline' }), english)).toBe(
      'Could not connect, check your internet connection',
    );
    expect(errorMessage(new ApiError({ statusCode: 0 }), english)).toBe('Could not connect, check your internet connection');
  });

  it('reads anything that is not an ApiError as errors.500', () => {
    expect(errorMessage(new TypeError('x is undefined'), english)).toBe('An unexpected error has occurred');
    expect(errorMessage('weird', portuguese)).toBe('Ocorreu um erro inesperado');
  });
});

describe('too-many-requests with the wait (params.retryAfterMinutes)', () => {
  const spanish = translator('es', es);
  const tooMany = (params?: Record<string, string | number>) => new ApiError({ statusCode: 429, code: 'too-many-requests', message: 'Too many', params });

  it('names the wait in minutes, singular or plural, in each language', () => {
    expect(errorMessage(tooMany({ retryAfterMinutes: 1 }), english)).toBe('This device was blocked after too many attempts, try again in 1 minute');
    expect(errorMessage(tooMany({ retryAfterMinutes: 15 }), english)).toBe('This device was blocked after too many attempts, try again in 15 minutes');
    expect(errorMessage(tooMany({ retryAfterMinutes: 1 }), portuguese)).toBe('Este dispositivo foi bloqueado após muitas tentativas, tente novamente em 1 minuto');
    expect(errorMessage(tooMany({ retryAfterMinutes: 5 }), portuguese)).toBe('Este dispositivo foi bloqueado após muitas tentativas, tente novamente em 5 minutos');
    expect(errorMessage(tooMany({ retryAfterMinutes: 2 }), spanish)).toBe('Este dispositivo fue bloqueado tras demasiados intentos, inténtalo de nuevo en 2 minutos');
  });

  it('rounds a fraction of a minute up, and falls back to the plain text without a usable wait', () => {
    expect(retryAfterMinutes(tooMany({ retryAfterMinutes: 0.2 }))).toBe(1);
    expect(retryAfterMinutes(tooMany({ retryAfterMinutes: '3' }))).toBe(3);
    expect(retryAfterMinutes(tooMany({ retryAfterMinutes: 0 }))).toBeUndefined();
    expect(retryAfterMinutes(tooMany({ retryAfterMinutes: 'soon' }))).toBeUndefined();
    expect(retryAfterMinutes(new Error('x'))).toBeUndefined();
    expect(errorMessage(tooMany(), english)).toBe('This device was blocked after too many attempts, try again later');
    expect(errorMessage(tooMany({ retryAfterMinutes: -1 }), english)).toBe('This device was blocked after too many attempts, try again later');
  });
});

describe('the codes of 000 §8 all read as errors.{code} in the three languages', () => {
  // Listed from the spec itself, so a catalogue change cannot drop one silently.
  const appCodes = ['app/offline', 'app/invalid-user-uid', 'app/invalid-whitelist-email', 'app/bed-request', 'app/bed-request-message', 'app/internal-server-error'];
  const authCodes = [
    'wrong-password', 'user-not-found', 'email-already-in-use', 'weak-password', 'invalid-email', 'too-many-requests', 'network-request-failed',
    'requires-recent-login', 'popup-blocked', 'popup-closed-by-user', 'expired-action-code', 'invalid-action-code', 'action-already-validated',
    'invalid-credential', 'user-disabled', 'quota-exceeded', 'id-token-expired', 'invalid-user-token',
  ];

  for (const [name, texts] of [['en', en], ['pt-BR', ptBR], ['es', es]] as const) {
    it(`${name}: every code has its own text, never the generic one`, () => {
      const tr = translator(name, texts);
      for (const code of [...appCodes, ...authCodes]) {
        expect(Object.hasOwn(texts, code), `${name} errors.${code}`).toBe(true);
        const expected = texts[remapErrorCode(code) as keyof typeof texts];
        expect(errorMessage(new ApiError({ statusCode: 400, code, message: 'server text' }), tr), code).toBe(expected);
      }
    });
  }

  it('remaps action-already-validated and expired-action-code to the same text, invalid-action-code to its own', () => {
    const used = errorMessage(new ApiError({ statusCode: 400, code: 'action-already-validated' }), portuguese);
    expect(used).toBe(ptBR['expired-action-code']);
    expect(errorMessage(new ApiError({ statusCode: 400, code: 'expired-action-code' }), portuguese)).toBe(used);
    expect(errorMessage(new ApiError({ statusCode: 400, code: 'invalid-action-code' }), portuguese)).toBe(ptBR['invalid-action-code']);
  });
});
