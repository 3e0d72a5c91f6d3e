import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { EventPositionInterceptor, type AppConfig } from '@portal/platform';
import { IdentityModule } from '@portal/identity/application';
import { EngagementModule } from '@portal/engagement/application';
import { LearningModule } from '@portal/learning/application';
import { BookingModule } from '@portal/booking/application';
import { AssessmentModule } from '@portal/assessment/application';
import { ScoringModule } from '@portal/scoring/application';
import { ReportingModule } from '@portal/reporting/application';
import { EventsModule } from '@portal/events/application';
import { HealthController } from './health/health.controller.js';
import { MailboxController } from './dev/mailbox.controller.js';
import { AppConfigController } from './app-config.controller.js';
import { RealtimeController } from './realtime/realtime.controller.js';
import { StreamTickets } from './realtime/stream-tickets.js';
import { AuthGuard } from './http/auth.guard.js';
import { ErrorFilter } from './http/error.filter.js';
import { IdempotencyInterceptor } from './http/idempotency.js';
import { InfrastructureModule } from './infrastructure/infrastructure.module.js';
import type { Infrastructure } from './infrastructure/infrastructure.js';

type Req = IncomingMessage & { id?: string; correlationId?: string };

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, infra: Infrastructure): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: (req) => (req as Req).id ?? 'unknown',
            customProps: (req) => ({ correlationId: (req as Req).correlationId }),
            // the SSE stream's single-use ticket is in its query string (ADR 0080): not logged either
            serializers: {
              req: (req: { url?: string; [k: string]: unknown }) => ({ ...req, url: req.url?.replace(/(access_token|ticket)=[^&]+/g, '$1=[redacted]') }),
            },
            // assets and the SPA are not worth a log line each
            autoLogging: { ignore: (req) => !(req.url ?? '').startsWith('/api/') },
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'res.headers["set-cookie"]',
                '*.password',
                '*.passwordHash',
                '*.accessToken',
                '*.refreshToken',
                '*.token',
                '*.ticket',
              ],
              censor: '[redacted]',
            },
          },
        }),
        InfrastructureModule.forRoot(config, infra),
        IdentityModule,
        EngagementModule,
        LearningModule,
        BookingModule,
        AssessmentModule,
        ScoringModule,
        ReportingModule,
        EventsModule,
      ],
      controllers: [HealthController, MailboxController, AppConfigController, RealtimeController],
      providers: [
        StreamTickets,
        { provide: APP_GUARD, useClass: AuthGuard },
        // outermost: a replayed answer (ADR 0093) is the first answer as sent, position header and all
        { provide: APP_INTERCEPTOR, useValue: new IdempotencyInterceptor(infra.idempotency, infra.clock) },
        { provide: APP_INTERCEPTOR, useClass: EventPositionInterceptor },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
    };
  }
}
