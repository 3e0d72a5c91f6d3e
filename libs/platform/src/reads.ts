import { Inject, Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { checkpointToString } from '@portal/eventstore';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { map, type Observable } from 'rxjs';
import type { PortalRequest } from './auth.js';
import { minPositionOf, type CommandOutcome } from './command-context.js';

/** The header a write answers with: the global position of its events (architecture §3). */
export const EVENT_POSITION_HEADER = 'x-event-position';

const POSITION_KEY = 'portal:answers-with-position';

/**
 * A write route whose handler returns a CommandOutcome: the client gets `value` as the body and
 * the outcome's checkpoint in `x-event-position`, so its next reads can wait for it (ADR 0009).
 */
export const AnswersWithPosition = () => SetMetadata(POSITION_KEY, true);

/** Unwraps CommandOutcome for routes marked AnswersWithPosition (registered once, globally). */
@Injectable()
export class EventPositionInterceptor implements NestInterceptor {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.reflector.get<boolean>(POSITION_KEY, ctx.getHandler())) return next.handle();
    const reply = ctx.switchToHttp().getResponse<{ header(name: string, value: string): unknown }>();
    return next.handle().pipe(
      map((outcome: CommandOutcome<unknown>) => {
        if (outcome.checkpoint) reply.header(EVENT_POSITION_HEADER, checkpointToString(outcome.checkpoint));
        return outcome.value;
      }),
    );
  }
}

/**
 * Read-your-writes, the one way (ADR 0009): before a read, wait (bounded) until each named read
 * model has applied everything of its types up to the caller's last write (x-min-position).
 */
export async function waitForReads(projections: ProjectionRuntime, req: PortalRequest, names: readonly string[], timeoutMs?: number): Promise<void> {
  const min = minPositionOf(req);
  if (!min) return;
  await projections.waitForAll(names, min, timeoutMs);
}
