import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './api-error';
import { apiErrorFromResponse } from './api-error-body';

describe('apiErrorFromResponse', () => {
  it('reads the API error body', () => {
    const error = apiErrorFromResponse(
      400,
      JSON.stringify({ statusCode: 400, code: 'app/bed-request', message: 'Invalid body', details: [{ path: 'email', message: 'Invalid email' }] }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 400, code: 'app/bed-request', message: 'Invalid body' });
    expect(error.details).toEqual([{ path: 'email', message: 'Invalid email' }]);
  });

  it('keeps the HTTP status even if the body says otherwise', () => {
    expect(apiErrorFromResponse(409, JSON.stringify({ statusCode: 400, code: 'email-already-in-use', message: 'm' })).statusCode).toBe(409);
  });

  it('uses a plain string body or a message/error field as the message', () => {
    expect(apiErrorFromResponse(404, 'Not here')).toMatchObject({ statusCode: 404, code: '', message: 'Not here' });
    expect(apiErrorFromResponse(404, JSON.stringify('Gone'))).toMatchObject({ message: 'Gone' });
    expect(apiErrorFromResponse(500, JSON.stringify({ error: 'Boom' }))).toMatchObject({ message: 'Boom' });
    expect(apiErrorFromResponse(500, JSON.stringify({ message: 'Oops' }))).toMatchObject({ message: 'Oops', code: '' });
  });

  it('never shows an HTML page or an empty body as a message', () => {
    expect(apiErrorFromResponse(502, '<html><body>Bad gateway</body></html>').message).toBe('');
    expect(apiErrorFromResponse(503, '')).toMatchObject({ statusCode: 503, code: '', message: '' });
    expect(apiErrorFromResponse(500, '[1,2]').message).toBe('');
  });

  it('is recognised by isApiError', () => {
    expect(isApiError(new ApiError({ statusCode: 401 }))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});

describe('apiErrorFromResponse params', () => {
  it('keeps the values a message needs (retryAfterMinutes)', () => {
    const error = apiErrorFromResponse(429, JSON.stringify({ statusCode: 429, code: 'too-many-requests', message: 'Wait', params: { retryAfterMinutes: 5 } }));
    expect(error.params).toEqual({ retryAfterMinutes: 5 });
    expect(apiErrorFromResponse(400, JSON.stringify({ statusCode: 400, code: 'x', message: 'm' })).params).toEqual({});
  });
});
