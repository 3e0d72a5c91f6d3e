import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, iso } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { messagingScope } from '@portal/identity/contracts';
import { listConversations } from '@portal/projection-messaging';
import { MESSAGING_CONVERSATION_MESSAGES, phoneKeyOf, type MessagingConversations } from '../../contracts/index.js';
import { ListMessagingConversationsQuery } from './list-messaging-conversations.query.js';


/**
 * The messaging conversations an operator may read (ADR 0073): with manage_whatsapp, those of
 * the users of their company; with manage_all_companies too, every conversation, unmatched
 * phones included. Latest first, each with its latest messages.
 */
@QueryHandler(ListMessagingConversationsQuery)
export class ListMessagingConversationsHandler implements IQueryHandler<ListMessagingConversationsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ actor, filter, req }: ListMessagingConversationsQuery): Promise<MessagingConversations> {
    const scope = messagingScope(actor);
    if (scope.kind === 'none') throw new AppError('403');
    const phoneKey = filter.phone === undefined ? null : phoneKeyOf(filter.phone);
    if (filter.phone !== undefined && !phoneKey) throw new AppError('app/bed-request', 'Invalid request', [{ path: 'phone', code: 'invalid_format', message: 'a phone number with its country code' }]);
    await waitForReads(this.projections, req, ['messaging']);
    const { total, rows, messages } = await listConversations(this.projections.reader('messaging'), scope, { limit: filter.limit, offset: filter.offset, phoneKey, latest: MESSAGING_CONVERSATION_MESSAGES });
    return {
      total,
      items: rows.map((r) => ({
        phoneKey: r.phone_key,
        contactName: r.contact_name,
        user: r.user_id ? { userId: r.user_id, name: r.name ?? null, email: r.email ?? null, companyId: r.company_id ?? null } : null,
        messages: r.messages,
        replies: r.replies,
        unanswered: r.unanswered,
        lastMessageAt: iso(r.last_message_at),
        latest: messages
          .filter((m) => m.phone_key === r.phone_key)
          .map((m) => ({ messageId: m.message_id, direction: m.direction, messageType: m.message_type, text: m.text, sentAt: iso(m.sent_at), answersMessageId: m.answers_message_id })),
      })),
    };
  }
}
