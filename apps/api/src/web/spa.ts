import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CATALOGUE } from '@portal/kernel';
import type { DocumentRenderer } from './documents.js';

/** Vite writes only content-hashed files under assets/: a new build never reuses a name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, the manifest): revalidated on every use, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

const HASHED_DIR = `${sep}assets${sep}`;

/**
 * Headers that only a document (or a worker) obeys: a hashed script, stylesheet or picture is
 * sent without them, about 650 bytes less on each of a first load's requests over HTTP/1.1
 * (ADR 0013). nosniff, Cross-Origin-Resource-Policy and HSTS stay: they apply to any answer.
 * The index, sw.js (a worker follows its own CSP) and every /api answer keep the full set.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-correlation-id',
] as const;

/**
 * One port: the API under /api, the built SPA everywhere else (ADR 0013). Every text file of
 * the build has a brotli and a gzip copy made at build time (apps/web/vite.config.ts); the one
 * the browser accepts is sent (`preCompressed`, with `Vary: Accept-Encoding`). Hashed assets
 * are cached for a year; the index and the other files are revalidated. Unknown /api paths,
 * missing assets and /health are 404 JSON: only a screen path gets the SPA's index, so a
 * probe or a stale chunk is never answered with a page that pretends to be it.
 */
export async function registerSpa(fastify: FastifyInstance, webDist: string, documents?: DocumentRenderer): Promise<void> {
  const hasSpa = existsSync(join(webDist, 'index.html'));
  if (hasSpa) {
    await fastify.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // the SPA's files are small and fetched whole; media with ranges come from /api/media
      acceptRanges: false,
      setHeaders(reply, path) {
        const hashed = path.includes(HASHED_DIR);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  // A hashed file is immutable: the browser never asks whether it changed, so its validators
  // (ETag, Last-Modified: about 90 bytes a request over HTTP/1.1) serve nothing; they are set by
  // the static plugin after `setHeaders`, hence the hook (ADR 0090, the first-wave budget).
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/') && reply.getHeader('cache-control') === IMMUTABLE) {
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      // the request id is in the access log; a cached file's answer never needs quoting in support
      reply.removeHeader('x-request-id');
      // RFC 9239's type for JavaScript, shorter than application/javascript
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/javascript')) reply.header('content-type', 'text/javascript; charset=utf-8');
    }
    return payload;
  });
  const notFound = { statusCode: 404, code: '404', message: ERROR_CATALOGUE['404'].message };
  // Health is GET /api/health; a 200 page here would tell a misaddressed probe all is well.
  fastify.get('/health', async (_request, reply) => reply.code(404).send(notFound));
  fastify.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return reply.code(404).send(notFound);
    if (!hasSpa) return reply.code(503).type('text/plain').send('The web app is not built: run npm run build');
    // the first screens rendered on the server (ADR 0090); any other path, or a failed render, gets the shell
    if (documents && (await documents.answer(request, reply))) return reply;
    return reply.sendFile('index.html');
  });
}
