import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DEFAULT_LOCALE } from '@portal/kernel';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { notificationListQuerySchema, type NotificationMessage } from '../../contracts/index.js';
import { ListNotificationsQuery } from './list-notifications.query.js';

@Controller('notification-messages')
export class ListNotificationsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @Authorized()
  list(@ZodQuery(notificationListQuerySchema) q: z.infer<typeof notificationListQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<NotificationMessage[]> {
    return this.queries.execute(new ListNotificationsQuery(requireUser(req.principal), q.lang ?? DEFAULT_LOCALE, req));
  }
}
