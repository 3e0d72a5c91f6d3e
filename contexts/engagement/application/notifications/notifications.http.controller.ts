import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { jsonValue } from '@portal/database';
import { DEFAULT_LOCALE, newId, type Clock, type Locale } from '@portal/kernel';
import { checkpointToString, type EventStore } from '@portal/eventstore';
import { appendContextOf, Authorized, CLOCK, CurrentRequest, EVENT_STORE, handleCommand, minPositionOf, PROJECTIONS, REALTIME, requireUser, ZodBody, ZodQuery, type PortalRequest, type RealtimeHub } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { unreadNotifications, viewedRowIds } from '@portal/projection-engagement';
import type { z } from 'zod';
import {
  inboxStream,
  notificationEventRequestSchema,
  notificationListQuerySchema,
  notificationStream,
  publishNotificationRequestSchema,
  rowIdsRequestSchema,
} from '../../contracts/index.js';
import { decideInbox, decideNotification, evolveInbox, evolveNotification, initialInboxState, initialNotificationState } from '../../domain/index.js';
import { sanitizeNotificationHtml } from './sanitize.js';

const inboxDecider = { decide: decideInbox, evolve: evolveInbox, initial: initialInboxState };
const notificationDecider = { decide: decideNotification, evolve: evolveNotification, initial: initialNotificationState };
type Reply = { header(n: string, v: string): unknown };
const pick = (value: unknown, lang: Locale): string => {
  const map = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>;
  return map[lang] ?? map[DEFAULT_LOCALE] ?? '';
};
const json = jsonValue;

@Controller('notification-messages')
export class NotificationsController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(REALTIME) private readonly realtime: RealtimeHub,
  ) {}

  private async wait(req: PortalRequest) {
    await this.projections.waitFor('engagement', minPositionOf(req));
  }

  /** 000 §4.6: the queue of messages the caller has not read, oldest first, in the caller's language. */
  @Get()
  @Authorized()
  async list(@ZodQuery(notificationListQuerySchema) q: z.infer<typeof notificationListQuerySchema>, @CurrentRequest() req: PortalRequest) {
    const user = requireUser(req.principal);
    await this.wait(req);
    const lang = q.lang ?? DEFAULT_LOCALE;
    const rows = await unreadNotifications(this.projections.reader('engagement'), user.userId, user.country);
    return rows.map((r) => ({
      id: r.notification_id,
      title: pick(r.title, lang),
      content: pick(r.content, lang),
      displayViewConfig: json(r.display_view_config),
      categories: json<{ label: Record<string, string>; to: string }[]>(r.categories).map((c) => ({ label: pick(c.label, lang), to: c.to })),
      publishedAt: new Date(r.published_at).toISOString(),
    }));
  }

  /** The "read" event the modal sends when it shows a message. */
  @Post()
  @HttpCode(204)
  @Authorized()
  async event(@ZodBody(notificationEventRequestSchema) body: z.infer<typeof notificationEventRequestSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply) {
    const user = requireUser(req.principal);
    const { result } = await handleCommand(
      this.store,
      inboxStream(user.userId),
      inboxDecider,
      { type: 'MarkNotificationRead', data: { userId: user.userId, notificationId: body.notificationId, clientTime: body.clientTime ?? null, now: this.clock.now().toISOString() } },
      appendContextOf(req),
    );
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
  }

  @Post('not-viewed-row-ids')
  @HttpCode(200)
  @Authorized()
  async notViewed(@ZodBody(rowIdsRequestSchema) body: z.infer<typeof rowIdsRequestSchema>, @CurrentRequest() req: PortalRequest) {
    const user = requireUser(req.principal);
    await this.wait(req);
    const seen = await viewedRowIds(this.projections.reader('engagement'), user.userId, body.rowIds);
    return { rowIds: body.rowIds.filter((id) => !seen.has(id)) };
  }

  /** Opening the notifications sidebar marks its rows seen; open tabs hear the unseen count reset. */
  @Post('set-viewed-row-ids')
  @HttpCode(204)
  @Authorized()
  async setViewed(@ZodBody(rowIdsRequestSchema) body: z.infer<typeof rowIdsRequestSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply) {
    const user = requireUser(req.principal);
    const { result } = await handleCommand(this.store, inboxStream(user.userId), inboxDecider, { type: 'ViewRows', data: { userId: user.userId, rowIds: body.rowIds, now: this.clock.now().toISOString() } }, appendContextOf(req));
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
    await this.realtime.publish(user.userId, { type: 'unseen', data: { count: 0 } });
  }

  @Post('publish')
  @HttpCode(201)
  @Authorized({ roles: ['tc_admin', 'company_admin'] })
  async publish(@ZodBody(publishNotificationRequestSchema) body: z.infer<typeof publishNotificationRequestSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply) {
    const user = requireUser(req.principal);
    const notificationId = newId();
    const content = Object.fromEntries(Object.entries(body.content).map(([l, html]) => [l, sanitizeNotificationHtml(html)])) as Record<Locale, string>;
    const { result } = await handleCommand(
      this.store,
      notificationStream(notificationId),
      notificationDecider,
      {
        type: 'PublishNotification',
        data: { notificationId, title: body.title, content, displayViewConfig: body.displayViewConfig, categories: body.categories, countries: body.countries, publishedAt: this.clock.now().toISOString(), publishedBy: user.userId },
      },
      appendContextOf(req),
    );
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
    return { id: notificationId };
  }
}
