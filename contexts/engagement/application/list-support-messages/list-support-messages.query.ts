import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ManagerActor } from '@portal/identity/contracts';
import type { SupportList } from '../../contracts/index.js';

export class ListSupportMessagesQuery extends Query<SupportList> {
  constructor(
    readonly actor: ManagerActor,
    readonly page: { limit: number; offset: number },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
