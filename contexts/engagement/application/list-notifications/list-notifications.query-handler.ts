import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { jsonValue } from '@portal/database';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { unreadNotifications } from '@portal/projection-engagement';
import type { NotificationMessage } from '../../contracts/index.js';
import { pick } from '../shared/localized.js';
import { ListNotificationsQuery } from './list-notifications.query.js';

/** 000 §4.6: the queue of messages the caller has not read, oldest first, in the caller's language. */
@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal: user, lang, req }: ListNotificationsQuery): Promise<NotificationMessage[]> {
    await waitForReads(this.projections, req, ['engagement']);
    const rows = await unreadNotifications(this.projections.reader('engagement'), user.userId, user.country);
    return rows.map((r) => ({
      id: r.notification_id,
      title: pick(r.title, lang),
      content: pick(r.content, lang),
      displayViewConfig: jsonValue<NotificationMessage['displayViewConfig']>(r.display_view_config),
      categories: jsonValue<{ label: Record<string, string>; to: string }[]>(r.categories).map((c) => ({ label: pick(c.label, lang), to: c.to })),
      publishedAt: new Date(r.published_at).toISOString(),
    }));
  }
}
