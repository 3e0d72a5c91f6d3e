import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Logger as NestLogger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { Logger } from 'nestjs-pino';
import { TOKENS, type AppConfig, type TokenService } from '@portal/platform';
import { AppModule } from './app.module.js';
import { registerDocs } from './docs/docs.routes.js';
import { collectRouteFacts } from './docs/route-facts.js';
import { registerCompression } from './http/compression.js';
import { registerEdge } from './http/edge.js';
import { contentOriginFor } from '@portal/learning/application';
import { createContentServer, registerContentOriginGuard, rememberContentServer } from './content/content-server.js';
import { registerRawBody } from './http/raw-body.js';
import { migrateRateLimit, postgresRateLimitStore } from './http/rate-limit-store.js';
import { registerIdempotencyCapture } from './http/idempotency.js';
import type { Infrastructure } from './infrastructure/infrastructure.js';
import { registerSpa } from './web/spa.js';
import { SessionService } from '@portal/identity/application';
import { DocumentRenderer } from './web/documents.js';

import { APP_VERSION } from './version.js';

const idFrom = (value: unknown): string | null =>
  typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : null;

/** Builds the Nest application on Fastify; main.ts listens, tests inject. */
export async function createApp(config: AppConfig, infra: Infrastructure, options: { logs?: boolean } = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // a path parameter up to 256 characters reaches the route's own validation (400 with the field);
    // past Fastify's default of 100 the router answered 414, which no operation declares
    routerOptions: { maxParamLength: 256 },
    genReqId: (req: { headers: Record<string, unknown> }) => idFrom(req.headers['x-request-id']) ?? randomUUID(),
  });
  const fastify = adapter.getInstance();
  registerEdge(fastify);
  registerContentOriginGuard(fastify, config);
  registerRawBody(fastify);
  registerIdempotencyCapture(fastify, infra.idempotency, (message) => fastify.log.warn(message));
  // request and correlation ids reach the logger (raw request) and event metadata (Nest request)
  fastify.addHook('onRequest', async (request, reply) => {
    const correlationId = idFrom(request.headers['x-correlation-id']) ?? request.id;
    Object.assign(request, { correlationId });
    Object.assign(request.raw, { id: request.id, correlationId });
    reply.header('x-request-id', request.id);
    reply.header('x-correlation-id', correlationId);
  });
  // one replica per request for projection reads (ADR 0095); entered again before the handler,
  // since a request body's parsing runs outside the onRequest hook's async context
  const replicas = infra.replicas;
  if (replicas) {
    const scopes = new WeakMap<object, ReturnType<typeof replicas.newScope>>();
    fastify.addHook('onRequest', (request, _reply, done) => {
      const scope = replicas.newScope();
      scopes.set(request, scope);
      replicas.runIn(scope, done);
    });
    fastify.addHook('preHandler', (request, _reply, done) => replicas.runIn(scopes.get(request) ?? replicas.newScope(), done));
  }
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, infra), adapter, {
    bufferLogs: true,
    logger: options.logs === false ? false : undefined,
  });
  if (options.logs !== false) app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();
  // before every route (Nest's, the docs', the SPA's files): each gets the compression hook
  await registerCompression(fastify);
  await app.register(fastifyCookie as never);
  await app.register(fastifyMultipart as never, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5 } } as never);
  await app.register(fastifyHelmet as never, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        // the sandboxed content origin that serves SCORM packages (ADR 0084)
        frameSrc: ["'self'", 'https:', (req: { headers: Record<string, string | undefined> }) => contentOriginFor(req.headers.host, config) ?? "'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  } as never);
  // counted in Postgres where the instances share one (every instance enforces the same limit, ADR 0095)
  const sharedRateLimit = config.sharedRateLimit === true && infra.database.kind === 'pg';
  if (sharedRateLimit) await migrateRateLimit(infra.database);
  await app.register(fastifyRateLimit as never, {
    global: true,
    ...(sharedRateLimit ? { store: postgresRateLimitStore(infra.database), skipOnError: true } : {}),
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // the built SPA's files are static and cached: only API calls count against the limit; a load
    // balancer's health check never gets a 429 (which would take a healthy instance out)
    allowList: (req: { url?: string }) => !(req.url ?? '').startsWith('/api/') || req.url === '/api/health',
    // a client that hung up before its request was read has no address left (Fastify's ip is
    // undefined then, and the plugin's default key threw: a 500 in the log)
    keyGenerator: (req: { ip?: string; socket?: { remoteAddress?: string } }) => req.ip ?? req.socket?.remoteAddress ?? 'gone',
    errorResponseBuilder: () => ({ statusCode: 429, code: '429', message: 'Content temporarily unavailable' }),
  } as never);
  await registerDocs(fastify, APP_VERSION, () => collectRouteFacts(app));
  const sessions = app.get(SessionService, { strict: false });
  const documents = new DocumentRenderer({
    webDist: config.webDist,
    serverEntry: join(config.webDist, '..', 'dist-server', 'entry-server.js'),
    queries: app.get(QueryBus),
    tokens: app.get<TokenService>(TOKENS),
    config,
    log: new NestLogger('DocumentRenderer'),
    currentClaims: (userId, sessionId) => sessions.currentClaims(userId, sessionId),
  });
  await registerSpa(fastify, config.webDist, documents);
  const contentServer = await createContentServer(config);
  fastify.addHook('onClose', async () => {
    await contentServer.close();
  });
  await app.init();
  await fastify.ready();
  rememberContentServer(app, contentServer);
  return app;
}
