import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { SupportList } from '../../contracts/index.js';

export class ListSupportMessagesQuery extends Query<SupportList> {
  constructor(
    readonly page: { limit: number; offset: number },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
