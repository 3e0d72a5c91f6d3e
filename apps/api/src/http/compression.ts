import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const API = '/api/';

/**
 * API answers go out compressed when the client accepts it (ADR 0013): brotli, else gzip, from
 * 1 KiB up (below that the headers cost more than is saved), for the types compression helps
 * (JSON, CSV, text; not pictures, PDFs or media), at brotli quality 4 and gzip level 6, which
 * cost about a millisecond for the largest answers. Only routes under /api: the SPA's files
 * are compressed at build time at the highest levels (apps/web/vite.config.ts) and sent as
 * they are by apps/api/src/web/spa.ts. The event stream writes to the socket itself and is
 * never buffered. Caching stays as it was: `no-store` on /api (edge.ts), the SPA's rules.
 * Registered before every route (Nest's, the docs', the SPA's) so each gets its hook.
 */
export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  // runs before the plugin's own onRoute hook (hooks run in the order they were added)
  fastify.addHook('onRoute', (route) => {
    if (!route.url?.startsWith(API) && route.compress === undefined) route.compress = false;
  });
  await fastify.register(fastifyCompress, {
    global: true,
    // request bodies are not accepted compressed (the body limits apply to what is sent)
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
