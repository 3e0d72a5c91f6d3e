import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listSupportMessages } from '@portal/projection-engagement';
import type { SupportList } from '../../contracts/index.js';
import { ListSupportMessagesQuery } from './list-support-messages.query.js';

/** Support messages, newest first. */
@QueryHandler(ListSupportMessagesQuery)
export class ListSupportMessagesHandler implements IQueryHandler<ListSupportMessagesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ page, req }: ListSupportMessagesQuery): Promise<SupportList> {
    await waitForReads(this.projections, req, ['engagement']);
    const { total, rows } = await listSupportMessages(this.projections.reader('engagement'), page.limit, page.offset);
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
