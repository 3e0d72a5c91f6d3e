import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CATALOGUE } from '@portal/kernel';

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
export async function registerSpa(fastify: FastifyInstance, webDist: string): Promise<void> {
  const hasSpa = existsSync(join(webDist, 'index.html'));
  if (hasSpa) {
    await fastify.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        const hashed = path.includes(HASHED_DIR);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  const notFound = { statusCode: 404, code: '404', message: ERROR_CATALOGUE['404'].message };
  // Health is GET /api/health; a 200 page here would tell a misaddressed probe all is well.
  fastify.get('/health', async (_request, reply) => reply.code(404).send(notFound));
  fastify.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return reply.code(404).send(notFound);
    if (!hasSpa) return reply.code(503).type('text/plain').send('The web app is not built: run npm run build');
    return reply.sendFile('index.html');
  });
}
