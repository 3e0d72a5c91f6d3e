import { createDocument } from 'zod-openapi';
import { registeredRoutes, type RouteContract } from '@portal/platform';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '@portal/kernel';
import { z } from 'zod';
import type { RouteFacts } from './route-facts.js';

/** Built with the first document (contexts register their codes as their contracts load, ADR 0009 §6). */
let errorSchemaOnce: ReturnType<typeof buildErrorSchema> | undefined;
const errorSchema = () => (errorSchemaOnce ??= buildErrorSchema());
const buildErrorSchema = () => z
  .object({
    statusCode: z.number().int(),
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() })).optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: 'Error' });

type Status = number;
const reasons: Record<Status, string> = {
  400: 'Bad input: app/bed-request with field errors (contract, NUL or unpaired surrogate, nesting over 64 levels, malformed JSON) or a rule code',
  401: 'Not signed in, or the bearer token is forged or expired',
  403: 'Not allowed: role, permission or content access missing, or the account is not complete',
  404: 'Nothing with this id',
  409: 'A rule conflict, or a concurrent write to the same stream won (code 503): try again',
  410: 'Gone',
  413: 'The body is larger than this route takes',
  415: 'The body has a media type this route does not take',
  422: 'The Idempotency-Key was used before by this caller for another request (ADR 0093): nothing was done',
  429: 'Too many requests (with retry-after)',
  503: 'Unavailable',
};

/**
 * The statuses every route of a kind may answer, before its own codes (ADR 0008): input checks
 * and the rate limit reach every route; the guard every route that is not public; ids in the path
 * may name nothing; writes may lose a concurrent race and have bodies that can be too large or of
 * another type.
 */
function genericCodes(route: RouteContract, facts: RouteFacts | undefined): ErrorCode[] {
  const codes: ErrorCode[] = ['app/bed-request', '429'];
  const access = facts?.access.kind ?? 'user';
  if (access !== 'public') codes.push('401', 'invalid-user-token', 'id-token-expired', '403');
  if (/[:*]/.test(route.path)) codes.push('404');
  // a write may lose a race to its stream on every attempt (409); any route may lose its database connection (503, ADR 0081)
  if (route.method !== 'GET') codes.push('write-conflict');
  // a field-mode write refuses a key reused for another request (ADR 0093)
  if (route.idempotent) codes.push('idempotency-key-reused');
  codes.push('503');
  return codes;
}

const statusOf = (code: ErrorCode): Status => ERROR_CATALOGUE[code].status;

function errorResponses(route: RouteContract, facts: RouteFacts | undefined) {
  const byStatus = new Map<Status, Set<string>>();
  const add = (status: Status, code: string) => byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  for (const code of [...genericCodes(route, facts), ...(route.errors ?? [])]) add(statusOf(code), code);
  if (route.method !== 'GET') {
    add(413, 'app/bed-request');
    add(415, 'app/bed-request');
  }
  const responses: Record<string, unknown> = {};
  for (const status of [...byStatus.keys()].sort()) {
    responses[String(status)] = {
      description: `${reasons[status] ?? 'Error'}. Codes: ${[...byStatus.get(status)!].join(', ')}`,
      ...(status === 429 || status === 409 || status === 503 ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: errorSchema() } },
    };
  }
  return responses;
}

function successResponse(route: RouteContract, status: number) {
  if (status === 204) return { description: 'Done, no content' };
  if (route.responseType) return { description: 'OK', content: { [route.responseType]: { schema: z.string().meta({ format: 'binary' }) } } };
  if (route.response) return { description: 'OK', content: { 'application/json': { schema: route.response } } };
  return { description: 'OK' };
}

/** Who may call, as OpenAPI security requirements (any one of them). */
function security(route: RouteContract, facts: RouteFacts | undefined) {
  if (route.refreshCookie) return [{ refreshCookie: [] }];
  switch (facts?.access.kind ?? 'user') {
    case 'public':
      return [{}, { bearer: [] }];
    case 'guest-or-user':
      return [{ bearer: [] }, { guestId: [] }];
    default:
      return [{ bearer: [] }];
  }
}

const accessNote = (facts: RouteFacts | undefined): string => {
  const access = facts?.access ?? { kind: 'user' as const };
  if (access.kind !== 'user') return access.kind;
  const parts = ['user'];
  if (!access.allowIncomplete) parts.push('(verified, Completed)');
  if (access.roles?.length) parts.push(`roles any of ${access.roles.join(', ')}`);
  if (access.permissions?.length) parts.push(`permissions ${access.permissions.join(', ')}`);
  return parts.join(' ');
};

/**
 * OpenAPI 3.1 built from the contexts' zod route contracts (the same schemas that validate) and
 * the controllers' own metadata (access rule, success status), so every registered route is
 * described the same way, including routes added later.
 */
export function buildOpenApi(version: string, routeFacts: RouteFacts[] = []) {
  const factsByRoute = new Map(routeFacts.map((f) => [`${f.method} ${f.path}`, f]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { tag, route } of registeredRoutes()) {
    const facts = factsByRoute.get(`${route.method} ${route.path}`);
    // `*` (a file path under a prefix) becomes the parameter `file`
    const path = `/api${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{file}')}`;
    const success = facts?.successStatus ?? (route.method === 'POST' ? 201 : 200);
    const op: Record<string, unknown> = {
      tags: [tag],
      summary: route.summary,
      description: `Access: ${accessNote(facts)}.`,
      security: security(route, facts),
      responses: { [String(success)]: successResponse(route, success), ...errorResponses(route, facts) },
    };
    if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: route.body } } };
    else if (route.form) op.requestBody = { required: true, content: { 'multipart/form-data': { schema: route.form } } };
    const requestParams: Record<string, unknown> = {};
    if (route.query) requestParams.query = route.query;
    const named = [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
    if (route.params) requestParams.path = route.params;
    else if (named.length > 0) requestParams.path = z.object(Object.fromEntries(named.map((name) => [name, z.string().min(1)])));
    if (route.idempotent) {
      // field mode (ADR 0093): the two headers an offline action is sent with
      requestParams.header = z.object({
        'idempotency-key': z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/).optional().meta({ description: 'Made when the action happened; a replay by the same caller gets the first answer (status, body, x-event-position); another request with it is 422' }),
        'x-client-time': z.string().optional().meta({ description: 'When the action happened (ISO 8601 with a zone): at most 2 minutes ahead of the server, at most 14 days old, else 400' }),
      });
    }
    if (Object.keys(requestParams).length > 0) op.requestParams = requestParams;
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: op };
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Agro learning portal API', version },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from sign-in, registration or refresh' },
        guestId: { type: 'apiKey', in: 'header', name: 'x-guest-id', description: 'An anonymous learner: a uuid the SPA generates once' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: 'portal_refresh', description: 'The refresh token (httpOnly, path /api/auth)' },
      },
    },
    paths: paths as never,
  });
}
