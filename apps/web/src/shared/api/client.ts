import type { z } from 'zod';
import { serverScope } from '../ssr/scope';
import { bootstrapSession, refreshAccessToken } from '../session/refresh';
import { getAccessToken, hasProvisionalClaims } from '../session/token-store';
import { API_BASE } from './api-base';
import { ApiError } from './api-error';
import { apiErrorFromResponse } from './api-error-body';
import { takeEarlyGet } from './early-answers';
import { EVENT_POSITION_HEADER, MIN_POSITION_HEADER, currentEventPosition, rememberEventPosition } from './event-position';
import { getGuestId } from './guest-id';

export { API_BASE } from './api-base';
export { currentEventPosition, resetEventPosition } from './event-position';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: Method;
  /** Sent as JSON, or as multipart when it is FormData. Callers parse JSON bodies with the contract first. */
  body?: unknown;
  /** Contract schema of a success answer; the answer is parsed, never cast. None: the body is ignored. */
  schema: S;
  signal?: AbortSignal;
  /** More request headers (a write's Idempotency-Key). */
  headers?: Record<string, string>;
}

type Answer<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : void;

const buildHeaders = (method: Method, body: unknown, token: string | null, extra: Record<string, string> = {}): Headers => {
  const headers = new Headers({ ...extra, accept: 'application/json', 'x-guest-id': getGuestId() });
  if (body !== undefined && !(body instanceof FormData)) headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  const position = currentEventPosition();
  if (method === 'GET' && position !== undefined) headers.set(MIN_POSITION_HEADER, position);
  return headers;
};

const send = async (path: string, method: Method, body: unknown, token: string | null, signal?: AbortSignal, early?: Promise<Response | undefined>, extra?: Record<string, string>): Promise<Response> => {
  // a document rendered on the server reads in-process, through the same query handlers (ADR 0090)
  const scope = serverScope();
  if (scope) return scope.read(method, path);
  try {
    // the boot script's answer, if it got one; a failed early request is sent again here
    const sent = await early?.catch(() => undefined);
    if (sent) return sent;
    return await fetch(`${API_BASE}${path}`, {
      method,
      headers: buildHeaders(method, body, token, extra),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ statusCode: 0, code: 'app/offline', message: error instanceof Error ? error.message : 'Network error' });
  }
};

/**
 * One call to the API: no retries and no timeout (000 §7), except that an access token the
 * server calls expired (401 id-token-expired) is renewed once through the refresh cookie and
 * the call repeated. Failures become ApiError: statusCode 0 with code app/offline when the
 * server cannot be reached, the server's `{ statusCode, code, message, details, params }`
 * otherwise; a success answer that does not match its schema is a 500 app/internal-server-error.
 */
export const apiRequest = async <S extends z.ZodType | undefined>(path: string, options: RequestOptions<S>): Promise<Answer<S>> => {
  const method = options.method ?? 'GET';
  // a server-rendered page shows its user before this page has its token: resume it first (ADR 0090)
  if (getAccessToken() === null && hasProvisionalClaims()) await bootstrapSession();
  const token = getAccessToken();
  // a GET the boot script already sent with this token (the profile, the first screen's data, ADR 0013)
  const early = method === 'GET' && !serverScope() ? takeEarlyGet(`${API_BASE}${path}`, { token, position: currentEventPosition() }) : undefined;
  let response = await send(path, method, options.body, token, options.signal, early, options.headers);
  rememberEventPosition(response.headers.get(EVENT_POSITION_HEADER));
  let text = await response.text();

  if (response.status === 401 && token !== null) {
    const error = apiErrorFromResponse(response.status, text);
    if (error.code !== 'id-token-expired') throw error;
    if (!(await refreshAccessToken())) throw error;
    response = await send(path, method, options.body, getAccessToken(), options.signal, undefined, options.headers);
    rememberEventPosition(response.headers.get(EVENT_POSITION_HEADER));
    text = await response.text();
  }

  if (!response.ok) throw apiErrorFromResponse(response.status, text);
  if (!options.schema) return undefined as Answer<S>;

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
  return parsed.data as Answer<S>;
};

export const apiGet = <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> =>
  apiRequest(path, { schema, signal }) as Promise<z.output<S>>;

export const apiPost = <S extends z.ZodType>(path: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.output<S>> =>
  apiRequest(path, { method: 'POST', body, schema, signal }) as Promise<z.output<S>>;

// ---- contract routes -----------------------------------------------------------------------

/** A route of a context's contract (`identityRoutes.signIn`...). */
export interface RouteContract {
  readonly method: Method;
  readonly path: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response?: z.ZodType;
}

type ResponseOf<R extends RouteContract> = R extends { readonly response: infer S extends z.ZodType } ? z.output<S> : void;
type BodyOf<R extends RouteContract> = R extends { readonly body: infer S extends z.ZodType } ? z.input<S> : FormData | undefined;
type QueryOf<R extends RouteContract> = R extends { readonly query: infer S extends z.ZodType } ? z.input<S> : undefined;

export interface CallOptions<R extends RouteContract> {
  body?: BodyOf<R>;
  query?: QueryOf<R>;
  /** Values for ":name" segments of the path. */
  params?: Record<string, string>;
  signal?: AbortSignal;
  /** More request headers (a write's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** A 400 for a body the contract refuses, before anything is sent. */
const invalidBody = (issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[]): ApiError =>
  new ApiError({
    statusCode: 400,
    code: 'app/bed-request',
    message: 'Invalid request',
    details: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message, code: issue.code })),
  });

/** Builds "/path?query" from a contract path, its ":params" and a flat query object. */
export const routeUrl = (path: string, params: Record<string, string> = {}, query: Record<string, unknown> = {}): string => {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
};

/**
 * Calls a contract route: the body goes through the route's request schema (normalised, and
 * refused with a 400 before sending when invalid), the answer through its response schema.
 */
export const callRoute = async <R extends RouteContract>(route: R, options: CallOptions<R> = {}): Promise<ResponseOf<R>> => {
  let body: unknown = options.body;
  if (route.body && !(body instanceof FormData)) {
    const parsed = route.body.safeParse(body ?? {});
    if (!parsed.success) throw invalidBody(parsed.error.issues);
    body = parsed.data;
  }
  let query: Record<string, unknown> = {};
  if (route.query && options.query !== undefined) {
    const parsed = route.query.safeParse(options.query);
    if (!parsed.success) throw invalidBody(parsed.error.issues);
    query = parsed.data as Record<string, unknown>;
  }
  const url = routeUrl(route.path, options.params, query);
  return apiRequest(url, { method: route.method, body, schema: route.response, signal: options.signal, ...(options.headers ? { headers: options.headers } : {}) }) as Promise<ResponseOf<R>>;
};
