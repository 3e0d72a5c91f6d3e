import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_BODY_LIMIT, registeredRoute } from '@portal/platform';

const API = '/api';

/** A request whose route keeps the body's exact bytes (its contract says `rawBody: true`). */
export type RequestWithRawBody = FastifyRequest & { rawBody?: Buffer };

/**
 * Keeps the exact bytes of the request body as `request.rawBody` for the routes whose contract
 * asks for them (`rawBody: true`: a webhook's signature is an HMAC of those bytes, ADR 0073), and
 * for no other route. The body is read once, within the route's body limit (413 past it), and
 * handed on to Fastify's own parser unchanged, so the route still receives the parsed JSON
 * (`@Body`, `ZodBody`) and the edge's checks still apply. Must be registered after registerEdge,
 * whose onRoute hook sets each route's body limit.
 */
export function registerRawBody(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (!route.url?.startsWith(`${API}/`)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => registeredRoute(m, route.url!.slice(API.length))?.route.rawBody)) return;
    const limit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
    const existing = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [
      ...existing,
      async (request: RequestWithRawBody, _reply: unknown, payload: NodeJS.ReadableStream) => {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of payload) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
          size += buffer.length;
          if (size > limit) throw Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
          chunks.push(buffer);
        }
        const raw = Buffer.concat(chunks);
        request.rawBody = raw;
        // Fastify checks the received length against content-length on the stream it is given
        return Object.assign(Readable.from([raw]), { receivedEncodedLength: raw.length });
      },
    ] as never;
  });
}
