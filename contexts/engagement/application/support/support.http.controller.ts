import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { AppError, newId, type Clock } from '@portal/kernel';
import { checkpointToString, type EventStore } from '@portal/eventstore';
import { appendContextOf, Authorized, CLOCK, CurrentRequest, EVENT_STORE, handleCommand, minPositionOf, PROJECTIONS, requireUser, ZodBody, ZodQuery, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listSupportMessages } from '@portal/projection-engagement';
import type { z } from 'zod';
import { supportListQuerySchema, supportMessageRequestSchema, supportStream, type SupportMessageRequest } from '../../contracts/index.js';
import { decideSupport, evolveSupport, initialSupportState } from '../../domain/index.js';

const supportDecider = { decide: decideSupport, evolve: evolveSupport, initial: initialSupportState };

@Controller('support')
export class SupportController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  /** 000 §4.7: SupportMessageSent with register id, context, origin page, subject, title and message. */
  @Post('message')
  @HttpCode(201)
  @Authorized({ allowIncomplete: true })
  async send(@ZodBody(supportMessageRequestSchema) body: SupportMessageRequest, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: { header(n: string, v: string): unknown }) {
    const user = requireUser(req.principal);
    if (body.registerId && body.registerId !== user.userId) throw new AppError('app/invalid-user-uid');
    const messageId = newId();
    const sentAt = this.clock.now().toISOString();
    const { result } = await handleCommand(
      this.store,
      supportStream(messageId),
      supportDecider,
      {
        type: 'SendSupportMessage',
        data: { messageId, registerId: user.userId, email: user.email, country: user.country, context: body.context, origin: body.origin, subject: body.subject, title: body.title, message: body.message, lang: body.lang ?? 'pt-BR', sentAt },
      },
      appendContextOf(req),
    );
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
    return { messageId, sentAt };
  }

  @Get('messages')
  @Authorized({ roles: ['company_admin', 'tc_admin', 'auditor'] })
  async list(@ZodQuery(supportListQuerySchema) q: z.infer<typeof supportListQuerySchema>, @CurrentRequest() req: PortalRequest) {
    await this.projections.waitFor('engagement', minPositionOf(req));
    const { total, rows } = await listSupportMessages(this.projections.reader('engagement'), q.limit, q.offset);
    return {
      total,
      items: rows.map((r) => ({
        messageId: r.message_id,
        registerId: r.register_id,
        email: r.email,
        country: r.country,
        context: r.context,
        origin: r.origin,
        subject: r.subject,
        title: r.title,
        message: r.message,
        lang: r.lang,
        sentAt: new Date(r.sent_at).toISOString(),
      })),
    };
  }
}
