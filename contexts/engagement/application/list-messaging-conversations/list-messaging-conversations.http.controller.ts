import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { messagingConversationsQuerySchema, type MessagingConversations, type MessagingConversationsQuery } from '../../contracts/index.js';
import { ListMessagingConversationsQuery } from './list-messaging-conversations.query.js';

@Controller('messaging')
export class ListMessagingConversationsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** manage_whatsapp; the company scope is the handler's (messagingScope). */
  @Get('conversations')
  @Authorized({ permissions: ['manage_whatsapp'] })
  list(@ZodQuery(messagingConversationsQuerySchema) filter: MessagingConversationsQuery, @CurrentRequest() req: PortalRequest): Promise<MessagingConversations> {
    const user = requireUser(req.principal);
    return this.queries.execute(new ListMessagingConversationsQuery(user, filter, req));
  }
}
