import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import { managerReadScope } from '@portal/identity/contracts';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listSupportMessages } from '@portal/projection-engagement';
import type { SupportList } from '../../contracts/index.js';
import { ListSupportMessagesQuery } from './list-support-messages.query.js';

/**
 * Support messages, newest first, of the senders the caller may see (issue 26, ADR 0080): the
 * manager area's read scope, `managerReadScope`. Company staff with manage_companies_users read
 * the messages of their own company's users, manage_all_companies and the auditor every message;
 * anyone else 403.
 */
@QueryHandler(ListSupportMessagesQuery)
export class ListSupportMessagesHandler implements IQueryHandler<ListSupportMessagesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ actor, page, req }: ListSupportMessagesQuery): Promise<SupportList> {
    const scope = managerReadScope(actor);
    if (scope.kind === 'none') throw new AppError('403');
    await waitForReads(this.projections, req, ['engagement']);
    const { total, rows } = await listSupportMessages(this.projections.reader('engagement'), scope, page.limit, page.offset);
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
