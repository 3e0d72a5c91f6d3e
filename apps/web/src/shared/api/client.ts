import type { z } from 'zod';
import { getAccessToken } from '../session/token-store';
import { ApiError } from './api-error';
import { apiErrorFromResponse } from './api-error-body';
import { EVENT_POSITION_HEADER, MIN_POSITION_HEADER, nextEventPosition } from './event-position';
import { getGuestId } from './guest-id';

/** The API shares the SPA's origin under /api (architecture §4; Vite proxies it in dev). */
export const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType> {
  method?: Method;
  /** Sent as JSON. Callers parse it with the contract's request schema first. */
  body?: unknown;
  /** Contract schema of a success answer; the answer is parsed, never cast. */
  schema: S;
  signal?: AbortSignal;
}

let latestEventPosition: string | undefined;

/** For tests and sign-out: forget the read-your-writes position. */
export const resetEventPosition = (): void => {
  latestEventPosition = undefined;
};

export const currentEventPosition = (): string | undefined => latestEventPosition;

const buildHeaders = (method: Method, hasBody: boolean): Headers => {
  const headers = new Headers({ accept: 'application/json', 'x-guest-id': getGuestId() });
  if (hasBody) headers.set('content-type', 'application/json');
  const token = getAccessToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (method === 'GET' && latestEventPosition !== undefined) headers.set(MIN_POSITION_HEADER, latestEventPosition);
  return headers;
};

/**
 * One call to the API: zero retries and no timeout (000 §7). Failures become ApiError:
 * statusCode 0 with code app/offline when the server cannot be reached, the server's
 * `{ statusCode, code, message, details }` otherwise; a success answer that does not match
 * its schema is a 500 app/internal-server-error.
 */
export const apiRequest = async <S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> => {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: buildHeaders(method, hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ statusCode: 0, code: 'app/offline', message: error instanceof Error ? error.message : 'Network error' });
  }

  latestEventPosition = nextEventPosition(latestEventPosition, response.headers.get(EVENT_POSITION_HEADER));

  const text = await response.text();
  if (!response.ok) throw apiErrorFromResponse(response.status, text);

  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError({ statusCode: 500, code: 'app/internal-server-error', message: `Invalid JSON from ${method} ${path}` });
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiError({ statusCode: 500, code: 'app/internal-server-error', message: `Unexpected answer from ${method} ${path}` });
  }
  return parsed.data;
};

export const apiGet = <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> =>
  apiRequest(path, { schema, signal });

export const apiPost = <S extends z.ZodType>(path: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.output<S>> =>
  apiRequest(path, { method: 'POST', body, schema, signal });
