import Fastify, { type FastifyInstance } from 'fastify';
import { ERROR_CATALOGUE } from '@portal/kernel';
import type { AppConfig } from '@portal/platform';
import { ContentOrigin, contentOriginFor, resolveContentDir, scormPackagesDir } from '@portal/learning/application';

/**
 * The sandboxed content origin (ADR 0084): a second Fastify server of the same process, on
 * CONTENT_PORT, that serves SCORM package files and our launch frame and nothing else (no API,
 * no cookies). Behind a proxy it is the content host (CONTENT_ORIGIN).
 */
export async function createContentServer(config: AppConfig, contentDir = resolveContentDir()): Promise<FastifyInstance> {
  const server = Fastify({ logger: false, trustProxy: config.trustProxy, forceCloseConnections: 'idle' });
  const origin = new ContentOrigin(contentDir, config, scormPackagesDir(config.dataDir));
  server.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    exposeHeadRoute: false,
    handler: (req, reply) => {
      origin.handle({ method: req.method, path: req.url, headers: req.headers as Record<string, string | undefined> }, reply);
      return reply;
    },
  });
  await server.ready();
  return server;
}

/**
 * On the portal: an /api call whose Origin is the content origin (a package's script, with the
 * learner's cookies) or `null` (a sandboxed or referrer-less frame) is refused with 403 before
 * any route runs. Reading the answer is refused by the browser anyway (no CORS); this also stops
 * the side effects of a write.
 */
export function registerContentOriginGuard(portal: FastifyInstance, config: AppConfig): void {
  portal.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin === 'null' || origin === contentOriginFor(request.headers.host, config)) {
      await reply.code(403).header('cache-control', 'no-store').send({ statusCode: 403, code: '403', message: ERROR_CATALOGUE['403'].message });
    }
  });
}

const servers = new WeakMap<object, FastifyInstance>();

/** The content server createApp made for this portal (main.ts listens on it, tests inject into it). */
export const contentServerOf = (app: object): FastifyInstance => {
  const server = servers.get(app);
  if (!server) throw new Error('no content server for this app');
  return server;
};
export const rememberContentServer = (app: object, server: FastifyInstance): void => void servers.set(app, server);
