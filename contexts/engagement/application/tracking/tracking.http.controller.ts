import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { actorOf, AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { appendContextOf, CLOCK, CurrentRequest, EVENT_STORE, GuestOrUser, ZodBody, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { interactionTraceRequestSchema, trackingStream, userEventRequestSchema } from '../../contracts/index.js';

/**
 * Client tracking (000 §7): user events and interaction traces, kept as events for reports.
 * High volume and order-free, so they go to a per-actor daily stream with no revision check.
 */
@Controller()
export class TrackingController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private stream(req: PortalRequest) {
    if (!req.principal) throw new AppError('401');
    const actor = actorOf(req.principal);
    return { actor, streamId: trackingStream(actor, this.clock.now().toISOString().slice(0, 10)) };
  }

  @Post('user-events/set')
  @HttpCode(204)
  @GuestOrUser()
  async userEvent(@ZodBody(userEventRequestSchema) body: z.infer<typeof userEventRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<void> {
    const { actor, streamId } = this.stream(req);
    await this.store.append(
      streamId,
      [
        {
          type: 'UserEventRecorded',
          data: {
            actor,
            payload: body.payload,
            sessionId: body.sessionId ?? null,
            clientTime: body.clientTime ?? null,
            clientTimeOffset: body.clientTimeOffset ?? null,
            contextArea: body.contextArea ?? null,
            pageUrl: body.pageUrl ?? null,
            recordedAt: this.clock.now().toISOString(),
          },
        },
      ],
      { expectedRevision: 'any', context: appendContextOf(req) },
    );
  }

  @Post('interactions/trace')
  @HttpCode(204)
  @GuestOrUser()
  async trace(@ZodBody(interactionTraceRequestSchema) body: z.infer<typeof interactionTraceRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<void> {
    const { actor, streamId } = this.stream(req);
    await this.store.append(
      streamId,
      [
        {
          type: 'InteractionTraced',
          data: {
            actor,
            category: body.category,
            action: body.action,
            label: body.label ?? null,
            value: body.value ?? null,
            nodeId: body.nodeId ?? null,
            context: body.context ?? null,
            time: body.time ?? null,
            textContent: body.textContent ?? null,
            tracedAt: this.clock.now().toISOString(),
          },
        },
      ],
      { expectedRevision: 'any', context: appendContextOf(req) },
    );
  }
}
