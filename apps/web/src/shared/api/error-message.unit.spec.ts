import { describe, expect, it } from 'vitest';
import en from '../../locales/en/errors.json';
import ptBR from '../../locales/pt-BR/errors.json';
import { ApiError } from './api-error';
import { errorMessage, remapErrorCode, type ErrorTranslator } from './error-message';

const translator = (language: string, texts: Record<string, string>): ErrorTranslator => ({
  language,
  has: (key) => Object.hasOwn(texts, key),
  t: (key) => texts[key] ?? `errors.${key}`,
});

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
