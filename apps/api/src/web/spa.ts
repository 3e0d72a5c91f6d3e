import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CATALOGUE } from '@portal/kernel';

/**
 * One port: the API under /api, the built SPA everywhere else. Hashed assets are cached for a
 * year; index.html is never cached so a deploy is picked up at once. Unknown /api paths are 404 JSON.
 */
export async function registerSpa(fastify: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = join(webDist, 'index.html');
  const hasSpa = existsSync(indexFile);
  if (hasSpa) {
    await fastify.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const notFound = { statusCode: 404, code: '404', message: ERROR_CATALOGUE['404'].message };
  fastify.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.code(404).send(notFound);
    if (!hasSpa) return reply.code(503).type('text/plain').send('The web app is not built: run npm run build');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(indexFile));
  });
}
