import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, CLOCK, DATABASE, EVENT_STORE, MAILER, PROJECTIONS, REALTIME, TOKENS, type AppConfig } from '@portal/platform';
import type { Infrastructure } from './infrastructure.js';

const INFRA = Symbol.for('portal.Infrastructure');

class ShutdownHook implements OnApplicationShutdown {
  constructor(@Inject(INFRA) private readonly infra: Infrastructure) {}
  /** In-flight requests have finished (Fastify closed first); now stop runners and close. */
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
        ShutdownHook,
      ],
      exports: [APP_CONFIG, DATABASE, EVENT_STORE, PROJECTIONS, TOKENS, CLOCK, MAILER, REALTIME],
    };
  }
}
