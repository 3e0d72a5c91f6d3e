import { describe, expect, it } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { ApiError } from '../api/api-error';
import { errorPageModel, statusOfError } from './error-page-model';

describe('errorPageModel (000 §2.4)', () => {
  it('shows the message with a back-to-home link on 400 and 404', () => {
    expect(errorPageModel(400)).toEqual({ status: 400, message: { ns: 'errors', key: '400' }, actions: ['home'] });
    expect(errorPageModel(404)).toEqual({ status: 404, message: { ns: 'errors', key: '404' }, actions: ['home'] });
  });

  it('shows a reload link on 403, and the way home (a forbidden page is no dead end: "the user may reload or return home", issue 26)', () => {
    expect(errorPageModel(403)).toEqual({ status: 403, message: { ns: 'errors', key: '403' }, actions: ['reload', 'home'] });
  });

  it('shows the generic text with reload and home otherwise', () => {
    for (const status of [401, 429, 500, 502, 503]) {
      expect(errorPageModel(status)).toEqual({ status, message: { ns: 'common', key: 'errorPage.generic' }, actions: ['reload', 'home'] });
    }
  });

  it('defaults the status to 500', () => {
    expect(errorPageModel(undefined).status).toBe(500);
    expect(errorPageModel(200).status).toBe(500);
    expect(errorPageModel(Number.NaN).status).toBe(500);
  });

  it('shows the page-not-found text for an unknown page', () => {
    expect(errorPageModel(undefined, { notFound: true })).toEqual({
      status: 404,
      message: { ns: 'errors', key: 'page-not-found' },
      actions: ['home'],
    });
  });
});

describe('statusOfError', () => {
  it('reads route error responses, API errors and anything else', () => {
    expect(statusOfError(new ErrorResponseImpl(404, 'Not Found', null))).toBe(404);
    expect(statusOfError(new ApiError({ statusCode: 403 }))).toBe(403);
    expect(statusOfError(new ApiError({ statusCode: 0, code: 'app/offline' }))).toBe(503);
    expect(statusOfError(new Error('boom'))).toBe(500);
    expect(statusOfError(undefined)).toBe(500);
  });
});
