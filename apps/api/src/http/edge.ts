import type { FastifyInstance } from 'fastify';
import { AppError } from '@portal/kernel';
import { DEFAULT_BODY_LIMIT, findUnstorableInput, registeredRoute } from '@portal/platform';

const API = '/api';

/**
 * What every route gets at the edge, before any handler runs (ADR 0008):
 * - a body limit per route (its contract's `bodyLimit`, else DEFAULT_BODY_LIMIT), answered 413;
 * - body, query and path parameters free of strings Postgres cannot store and of nesting deeper
 *   than MAX_INPUT_DEPTH, answered 400 app/bed-request naming the field;
 * - `cache-control: no-store` on every /api answer that does not set its own caching.
 * Hooks on the root instance apply to every route, including those Nest registers later.
 */
export function registerEdge(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (!route.url?.startsWith(`${API}/`) || route.bodyLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limits = methods.map((m) => registeredRoute(m, route.url!.slice(API.length))?.route.bodyLimit ?? DEFAULT_BODY_LIMIT);
    route.bodyLimit = Math.max(...limits);
  });

  fastify.addHook('preValidation', async (request) => {
    const parts = [request.params, request.query, request.body];
    for (const part of parts) {
      const problem = findUnstorableInput(part);
      if (problem) throw new AppError('app/bed-request', 'Invalid request', [problem]);
    }
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    // personal answers must not stay in a browser's or a proxy's cache; routes that may be cached
    // (immutable pictures, media files) say so themselves
    if (request.url.startsWith(`${API}/`) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
