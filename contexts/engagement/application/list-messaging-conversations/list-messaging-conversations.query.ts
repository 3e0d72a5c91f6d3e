import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ManagerActor } from '@portal/identity/contracts';
import type { MessagingConversations, MessagingConversationsQuery } from '../../contracts/index.js';

export class ListMessagingConversationsQuery extends Query<MessagingConversations> {
  constructor(
    readonly actor: ManagerActor,
    readonly filter: MessagingConversationsQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
