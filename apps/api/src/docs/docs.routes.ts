import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { buildOpenApi } from './openapi.js';
import type { RouteFacts } from './route-facts.js';

/** /api/docs: Swagger UI over the document generated from the zod contracts. */
export async function registerDocs(fastify: FastifyInstance, version: string, routeFacts: () => RouteFacts[]): Promise<void> {
  const require = createRequire(import.meta.url);
  const uiRoot = dirname(require.resolve('swagger-ui-dist/package.json'));
  await fastify.register(fastifyStatic, { root: uiRoot, prefix: '/api/docs/assets/', decorateReply: false });
  let doc: unknown = null;
  fastify.get('/api/docs/openapi.json', async () => (doc ??= buildOpenApi(version, routeFacts())));
  fastify.get('/api/docs', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API · Agro learning portal</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/docs-init.js"></script></body></html>`),
  );
  fastify.get('/api/docs/assets/docs-init.js', async (_req, reply) =>
    reply.type('application/javascript').send(`window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui' });`),
  );
}
