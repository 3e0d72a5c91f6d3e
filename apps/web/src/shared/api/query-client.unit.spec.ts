import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('retries network failures and 5xx answers up to twice', () => {
    expect(shouldRetryQuery(0, new ApiError({ statusCode: 0, code: 'app/offline' }))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError({ statusCode: 503 }))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError({ statusCode: 503 }))).toBe(false);
  });

  it('never retries 4xx answers or unexpected errors', () => {
    expect(shouldRetryQuery(0, new ApiError({ statusCode: 401 }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ statusCode: 404 }))).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('bug'))).toBe(false);
  });
});
