import { Global, Inject, Module, type BeforeApplicationShutdown, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SHUTDOWN_MESSAGE } from '../realtime/realtime-hub.js';
import { APP_CONFIG, CLOCK, DATABASE, EVENT_STORE, LOG_AUDIT, MAILER, PRIVACY, PROJECTIONS, REALTIME, TOKENS, type AppConfig } from '@portal/platform';
import type { Infrastructure } from './infrastructure.js';

const INFRA = Symbol.for('portal.Infrastructure');

/**
 * Graceful shutdown: Nest runs shutdown hooks before it closes the server, so close the server
 * here first (no new requests; in-flight ones finish; open SSE streams are ended), then stop the
 * projection runners and the database.
 */
class ShutdownHook implements BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    @Inject(INFRA) private readonly infra: Infrastructure,
    @Inject(HttpAdapterHost) private readonly host: HttpAdapterHost,
  ) {}
  async beforeApplicationShutdown(): Promise<void> {
    await this.infra.realtime.broadcastLocal(SHUTDOWN_MESSAGE);
    const adapter = this.host.httpAdapter;
    if (!adapter) return;
    const server = adapter.getHttpServer() as { closeIdleConnections?: () => void } | undefined;
    // a keep-alive connection that finishes its response after close began would hold it open
    const sweep = setInterval(() => server?.closeIdleConnections?.(), 50);
    try {
      await adapter.close();
    } finally {
      clearInterval(sweep);
    }
  }
  async onApplicationShutdown(): Promise<void> {
    await this.infra.close();
  }
}

@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, infra: Infrastructure): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: INFRA, useValue: infra },
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE, useValue: infra.database },
        { provide: EVENT_STORE, useValue: infra.store },
        { provide: PROJECTIONS, useValue: infra.projections },
        { provide: TOKENS, useValue: infra.tokens },
        { provide: CLOCK, useValue: infra.clock },
        { provide: MAILER, useValue: infra.mailer },
        { provide: REALTIME, useValue: infra.realtime },
        { provide: LOG_AUDIT, useValue: infra.logAudit },
        { provide: PRIVACY, useValue: infra.privacy },
        ShutdownHook,
      ],
      exports: [APP_CONFIG, DATABASE, EVENT_STORE, PROJECTIONS, TOKENS, CLOCK, MAILER, REALTIME, LOG_AUDIT, PRIVACY],
    };
  }
}
